/**
 * The public pages' addresses (issue 22), written once for the server (sitemap, redirects) and the
 * web app (links, routes). No zod here: the web app's first script imports these, and a schema
 * built at a module's top level would bring zod into it.
 */

/** The longest slug a service's URL carries, in characters (code points; whole words are kept). */
export const SLUG_MAX = 60;

/**
 * The readable part of a service's URL, from its name: lower case, the letters, marks and digits
 * of any script kept (a Bangla name gives a Bangla slug), anything else between them one hyphen,
 * whole words up to SLUG_MAX characters; "service" when nothing is left.
 */
export function serviceSlug(name: string): string {
  const words = name
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    // A string of at most SLUG_MAX UTF-16 units has at most as many code points: counted only past it.
    if (next.length > SLUG_MAX && [...next].length > SLUG_MAX) {
      // Cut by code points: half a surrogate pair cannot be put in a URL.
      if (!slug) slug = [...word].slice(0, SLUG_MAX).join('');
      break;
    }
    slug = next;
  }
  return slug || 'service';
}

export type PageLanguage = 'en' | 'bn';

/** The prefix of a public page's address in a language: English at the root, Bangla under /bn. */
export const languagePrefix = (lang: PageLanguage) => (lang === 'bn' ? '/bn' : '');

/** A service page's canonical path (percent-encoded), in a language. */
export const servicePath = (service: { _id: string; serviceName: string }, lang: PageLanguage = 'en') =>
  `${languagePrefix(lang)}/services/${service._id}/${encodeURIComponent(serviceSlug(service.serviceName))}`;

/** A provider page's path, in a language. */
export const providerPath = (id: string, lang: PageLanguage = 'en') => `${languagePrefix(lang)}/providers/${id}`;
