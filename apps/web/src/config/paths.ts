import { providerPath, servicePath } from '@meramot/shared';

/**
 * Every URL of the web app, in one place. The public pages' are their English addresses: a link
 * to one goes through `useLocalize()` (lib/page-language.ts), which gives its /bn address on a
 * Bangla page.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  services: '/services',
  servicesSearch: (text: string) => `/services?search=${encodeURIComponent(text)}`,
  /** A service page by id alone (it replaces itself with the readable address once loaded). */
  service: (id: string) => `/services/${encodeURIComponent(id)}`,
  /** A service page's readable, canonical address: /services/{id}/{slug of its name}. */
  servicePage: (service: { _id: string; serviceName: string }) => servicePath(service),
  /** A provider's public page. */
  provider: (id: string) => providerPath(encodeURIComponent(id)),
  addService: '/add-service',
  editService: (id: string) => `/add-service?edit=${encodeURIComponent(id)}`,
  manageServices: '/manage-services',
  bookedServices: '/booked-services',
  bookings: '/bookings',
  serviceTodo: '/service-todo',
  profileSettings: '/profile-settings',
  notifications: '/notifications',
  /** The notification settings opened from an e-mail's footer link (a signed token, no sign-in). */
  notificationSettingsLink: '/notification-settings',
  privacy: '/privacy',
  terms: '/terms',
  support: '/support',
} as const;

/** The route patterns of pages addressed by id (the slug is optional: any or none is replaced). */
export const routePatterns = {
  service: '/services/:id/:slug?',
  provider: '/providers/:id',
} as const;

/** Images shipped with the server. */
export const images = {
  defaultAvatar: '/images/default-avatar.webp',
  servicePlaceholder: '/images/service-placeholder.webp',
} as const;
