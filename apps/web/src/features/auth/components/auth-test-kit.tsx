/**
 * Test kit for the auth pages: a small route table around the real Login and Register pages and
 * route guards, a signed-in user and a fetch stub for our server. The Firebase SDK and the
 * SweetAlert dialogs are mocked by each test file (vi.mock must sit in the file).
 */
import type { User } from '@meramot/shared';
import { vi } from 'vitest';
import LoginRoute from '../../../app/routes/login';
import RegisterRoute from '../../../app/routes/register';
import { renderRoutes } from '../../../testing/render';
import { GuestOnlyRoute, ProtectedRoute } from './protected-route';

export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  uid: 'uid-1',
  email: 'fatema@example.com',
  displayName: 'Fatema Akter',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: '2026-02-01T00:00:00.000Z',
  ...over,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs our server: /api/auth/verify answers `verify` (a user, 401, or a promise to hold it
 * pending), /api/auth/firebase-login answers a token for `loginUser`.
 */
export function stubServer({
  verify,
  loginUser = testUser(),
}: { verify?: User | 401 | Promise<Response>; loginUser?: User } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/verify') {
      if (verify instanceof Promise) return verify;
      if (verify === 401 || !verify) return json({ error: 'Authentication required' }, 401);
      return json({ valid: true, user: verify });
    }
    if (url === '/api/auth/firebase-login') return json({ token: 'session-token', user: loginUser });
    return json({ error: 'Not Found' }, 404);
  });
}

export const renderAuthPages = (url: string) =>
  renderRoutes(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/services', element: <h1>Services page</h1> },
      {
        path: '/manage-services',
        element: (
          <ProtectedRoute>
            <h1>Manage page</h1>
          </ProtectedRoute>
        ),
      },
      {
        path: '/login',
        element: (
          <GuestOnlyRoute>
            <LoginRoute />
          </GuestOnlyRoute>
        ),
      },
      {
        path: '/register',
        element: (
          <GuestOnlyRoute>
            <RegisterRoute />
          </GuestOnlyRoute>
        ),
      },
    ],
    url,
  );

/** A Firebase-style error. */
export const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

/** A Firebase user credential whose ID token is `idToken`. */
export const credential = (idToken = 'firebase-id-token') => ({ user: { getIdToken: async () => idToken } });
