import type { User } from '@meramot/shared';
import { signIn } from './api-state';
import { json } from './http';
import { answer, calls, server, type Call } from './server';
import { makeUser } from './fixtures';

/** Test helpers of the provider's pages: a signed-in provider and the mock API's answers. */
export const PROVIDER: User = makeUser({
  id: 'u-rahim',
  uid: 'rahim-uid',
  email: 'rahim@meramot.test',
  displayName: 'Rahim Uddin',
  photoURL: 'https://example.com/rahim.webp',
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-20T10:00:00.000Z',
});

export { json };

export type { Call };

/** Signs `user` in and lets `handler` answer the mock API's calls first; returns the calls. */
export function serveProvider(
  handler: (call: Call) => Response | undefined | Promise<Response | undefined>,
  user: User = PROVIDER,
) {
  signIn(user);
  server.use(answer(handler));
  return calls;
}
