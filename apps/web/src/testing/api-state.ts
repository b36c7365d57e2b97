import type { Booking, Review, Service, User } from '@meramot/shared';

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
};

export function resetApiState() {
  Object.assign(apiState, {
    user: null,
    loginUser: null,
    userBookings: [],
    providerBookings: [],
    services: [],
    reviews: [],
  });
}

/** Signed in as `user`: a stored session token that the mock API accepts. */
export function signIn(user: User, token = 'session-token') {
  window.localStorage.setItem('meramot-token', token);
  apiState.user = user;
}
