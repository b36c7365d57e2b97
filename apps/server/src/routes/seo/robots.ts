import { languagePrefix } from '@meramot/shared';

/** The web app's screens for signed-in people (apps/web/src/config/paths.ts), and e-mailed token links. */
export const PRIVATE_PATHS = [
  '/add-service',
  '/manage-services',
  '/booked-services',
  '/bookings',
  '/service-todo',
  '/profile-settings',
  '/notifications',
  '/notification-settings',
] as const;

/**
 * The API's public reads that the public pages are drawn from. The pages are rendered in the
 * browser, and a search engine's renderer obeys robots.txt for the requests a page makes: with
 * every /api/ address closed to it, a service page would be indexed without its service.
 */
export const RENDERING_API_PATHS = [
  '/api/services',
  '/api/search/',
  '/api/stats',
  '/api/providers/',
  '/api/reviews/recent',
  '/api/reviews/service/',
  '/api/reviews/stats',
] as const;

/** robots.txt: the public pages open, the API (but the reads pages render from) and the signed-in screens closed. */
export function robotsTxt(publicUrl: string): string {
  const bn = languagePrefix('bn');
  const lines = [
    '# Meramot: the public pages may be crawled; the API and the signed-in screens may not.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...RENDERING_API_PATHS.map((path) => `Allow: ${path}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${bn}${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}
