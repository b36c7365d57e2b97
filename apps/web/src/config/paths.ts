/** Every URL of the web app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  services: '/services',
  servicesSearch: (text: string) => `/services?search=${encodeURIComponent(text)}`,
  service: (id: string) => `/services/${encodeURIComponent(id)}`,
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
} as const;

/** Images shipped with the server. */
export const images = {
  defaultAvatar: '/images/default-avatar.webp',
  servicePlaceholder: '/images/service-placeholder.webp',
} as const;
