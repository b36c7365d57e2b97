import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { getLanguage } from '@/lib/i18n';
import { applyLanguage } from '@/lib/language';
import { isPublicPath, localizePath, pathLanguage, storedLanguage } from '@/lib/page-language';

/** Sets (or adds) the <head> link matching `selector` to `attributes`; removes it when `href` is null. */
function headLink(selector: string, attributes: Record<string, string>, href: string | null) {
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (href === null) return link?.remove();
  if (!link) {
    link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Keeps the language in use in step with the address: a public page shows the language its address
 * names (/bn/... Bangla, the rest English), a signed-in screen the stored choice (the language in
 * use when there is none). Applying a language also sets <html lang>. A public page also has its
 * canonical address and its address in each language (hreflang) in the document head: the server
 * writes them with the page, and this keeps them current as the visitor moves between pages.
 */
export function PageLanguage() {
  const { pathname, search } = useLocation();
  const lang = pathLanguage(pathname);

  useLayoutEffect(() => {
    const target = lang ?? storedLanguage() ?? getLanguage();
    if (target !== getLanguage()) void applyLanguage(target).catch(() => undefined);
  }, [lang]);

  useLayoutEffect(() => {
    const current = lang && isPublicPath(pathname) ? lang : null;
    // All Services' query is its content (a search, an area, a page); the other pages have none.
    const query = /^(?:\/bn)?\/services\/?$/.test(pathname) ? search : '';
    const url = (l: 'en' | 'bn') => (current ? window.location.origin + localizePath(pathname, l) + query : null);
    headLink('link[rel="canonical"]', { rel: 'canonical' }, url(current ?? 'en'));
    for (const [hreflang, l] of [
      ['en', 'en'],
      ['bn', 'bn'],
      ['x-default', 'en'],
    ] as const) {
      headLink(`link[rel="alternate"][hreflang="${hreflang}"]`, { rel: 'alternate', hreflang }, url(l));
    }
  }, [lang, pathname, search]);

  return null;
}
