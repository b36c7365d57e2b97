import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { languagePrefix } from '@meramot/shared';
import { LANGUAGES, useTranslation, type Language } from './i18n';
import { readStorage, storageKeys } from './storage';

/**
 * Public pages have an address in each language (issue 22): English at the root, Bangla under
 * /bn (/bn, /bn/services, /bn/services/{id}/{slug}, /bn/providers/{id}, /bn/privacy ...); the
 * address decides the page's language. The signed-in screens keep one address and follow the
 * stored language choice.
 */

/** The English paths of the public pages: home, All Services, a service, a provider, the info pages. */
export const PUBLIC_PATH = /^\/(?:services(?:\/[^/]+(?:\/[^/]*)?)?|providers\/[^/]+|privacy|terms|support)?\/?$/;

/** Anything under /bn is a Bangla page (an unknown one gets the Bangla not-found page). */
const isBanglaPath = (pathname: string) => pathname === '/bn' || pathname.startsWith('/bn/');

/** The language a path's address names: Bangla under /bn, English for a public page, else null. */
export function pathLanguage(pathname: string): Language | null {
  if (isBanglaPath(pathname)) return 'bn';
  return PUBLIC_PATH.test(pathname) ? 'en' : null;
}

/** A public page's English path: the path without its /bn prefix ('/' for /bn). */
export function englishPath(pathname: string): string {
  return isBanglaPath(pathname) ? pathname.slice(3) || '/' : pathname;
}

/** True for a public page's address, in either language. */
export const isPublicPath = (pathname: string) => PUBLIC_PATH.test(englishPath(pathname));

/**
 * `path` (a path with an optional query and hash) at its address in `lang` when it is a public
 * page's; any other path (a signed-in screen, /login) as it is.
 */
export function localizePath(path: string, lang: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const rest = cut < 0 ? '' : path.slice(cut);
  if (pathLanguage(pathname) === null) return path;
  const english = englishPath(pathname);
  const prefix = languagePrefix(lang);
  return (prefix && english === '/' ? prefix : prefix + english) + rest;
}

/** The stored language choice, if any. */
export function storedLanguage(): Language | null {
  const stored = readStorage(storageKeys.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : null;
}

/**
 * The current page's language: the address's on a public page, else the language in use. Links to
 * public pages are made in it, so a Bangla page links to Bangla pages.
 */
export function usePageLanguage(): Language {
  const { pathname } = useLocation();
  const { language } = useTranslation();
  return pathLanguage(pathname) ?? language;
}

/** `localize(path)`: a public page's path at its address in the current page's language. */
export function useLocalize(): (path: string) => string {
  const lang = usePageLanguage();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
