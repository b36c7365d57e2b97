import type { Booking, Message, Photo, ProviderProfile, Review, Service, User } from '@meramot/shared';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification, type NotificationPreferences } from '@meramot/shared';

/**
 * What the mock API answers, per resource; reset before each test. A test sets what it needs
 * (`signIn(user)`, `apiState.userBookings = [...]`) or overrides a call with `server.use(...)`.
 */
export const apiState = {
  /** The user the stored token belongs to (GET /api/auth/verify); null: the token is refused. */
  user: null as User | null,
  /** The user POST /api/auth/firebase-login signs in (default: `user`). */
  loginUser: null as User | null,
  userBookings: [] as Booking[],
  providerBookings: [] as Booking[],
  services: [] as Service[],
  reviews: [] as Review[],
  /**
   * The providers GET /api/providers/{id} knows; their services are those of `services` with their
   * `providerId`, their reviews those of `reviews` of these services.
   */
  providers: [] as ProviderProfile[],
  /** The conversation of each booking, by booking id (features/conversations). */
  conversations: {} as Record<string, MockConversation>,
  /** The signed-in person's notifications (any order; the mock answers newest first by id). */
  notifications: [] as Notification[],
  notificationPreferences: defaultPreferences(),
  /** The token an e-mail's settings link carries; any other answers 401. */
  notificationLinkToken: 'link-token',
  /** The number POST /api/users/me/sms-phone reads from the ID token. */
  verifiedPhone: '+8801712345678',
  /** The photos uploaded with POST /api/photos (a booking or a message takes them by id). */
  photos: [] as Photo[],
};

/** A booking's conversation as the mock API keeps it; `messages` oldest first, as the caller sees them. */
export interface MockConversation {
  messages: Message[];
  serviceName: string;
  otherName: string;
  readOnly: boolean;
  seenUpTo: string | null;
  unread: number;
}

function defaultPreferences(): NotificationPreferences {
  return {
    settings: structuredClone(DEFAULT_NOTIFICATION_SETTINGS),
    language: 'en',
    smsPhone: null,
    smsAvailable: true,
  };
}

export function resetApiState() {
  Object.assign(apiState, {
    user: null,
    loginUser: null,
    userBookings: [],
    providerBookings: [],
    services: [],
    reviews: [],
    providers: [],
    conversations: {},
    notifications: [],
    notificationPreferences: defaultPreferences(),
    notificationLinkToken: 'link-token',
    verifiedPhone: '+8801712345678',
    photos: [],
  });
}

/** Signed in as `user`: a stored session token that the mock API accepts. */
export function signIn(user: User, token = 'session-token') {
  window.localStorage.setItem('meramot-token', token);
  apiState.user = user;
}
