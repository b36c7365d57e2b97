import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { getLanguage } from '@/lib/i18n';
import { applyLanguage } from '@/lib/language';
import { isPublicPath, localizePath, pathLanguage, storedLanguage } from '@/lib/page-language';

/**
 * Keeps the language in use in step with the address: a public page shows the language its address
 * names (/bn/... Bangla, the rest English), a signed-in screen the stored choice (the language in
 * use when there is none). Applying a language also sets <html lang>. A public page also gets its
 * canonical address and its address in each language (hreflang) in the document head, where React
 * hoists these <link>s; the server will render them later.
 */
export function PageLanguage() {
  const { pathname, search } = useLocation();
  const lang = pathLanguage(pathname);

  useLayoutEffect(() => {
    const target = lang ?? storedLanguage() ?? getLanguage();
    if (target !== getLanguage()) void applyLanguage(target).catch(() => undefined);
  }, [lang]);

  if (!lang || !isPublicPath(pathname)) return null;
  const origin = window.location.origin;
  // All Services' query is its content (a search, an area, a page); the other pages have none.
  const query = /^(?:\/bn)?\/services\/?$/.test(pathname) ? search : '';
  const url = (l: 'en' | 'bn') => origin + localizePath(pathname, l) + query;
  return (
    <>
      <link rel="canonical" href={url(lang)} />
      <link rel="alternate" hrefLang="en" href={url('en')} />
      <link rel="alternate" hrefLang="bn" href={url('bn')} />
      <link rel="alternate" hrefLang="x-default" href={url('en')} />
    </>
  );
}
