/**
 * Test kit for the auth pages: a small route table around the real Login and Register pages and
 * route guards, a signed-in user and the mock API's session calls. The Firebase SDK and the
 * SweetAlert dialogs are mocked by each test file (vi.mock must sit in the file:
 * `vi.mock('@/lib/firebase')` and `vi.mock('@/lib/alerts')`, answered by lib/__mocks__);
 * importing the kit clears those mocks after each test.
 * In app/testing/, not testing/: it renders the app's routes, and shared code (testing/ too) never
 * imports app/ (eslint.config.js).
 */
import type { User } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { json } from '@/testing/http';
import { calls, server } from '@/testing/server';
import LoginRoute from '@/app/routes/login';
import RegisterRoute from '@/app/routes/register';
import { renderRoutes } from '@/testing/render';
import { GuestOnlyRoute, ProtectedRoute } from '@/lib/auth/protected-route';
import { makeUser } from '@/testing/fixtures';

export const testUser = (over: Partial<User> = {}): User =>
  makeUser({
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

export { json };

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

/**
 * The mock API's session calls: /api/auth/verify answers `verify` (a user, 401, or a promise to
 * hold it pending), /api/auth/firebase-login answers a token for `loginUser`. Returns the calls.
 */
export function serveAuth({
  verify,
  loginUser = testUser(),
}: { verify?: User | 401 | Promise<Response>; loginUser?: User } = {}) {
  server.use(
    http.get('/api/auth/verify', () => {
      if (verify instanceof Promise) return verify;
      if (verify === 401 || !verify) return HttpResponse.json({ error: 'Authentication required' }, { status: 401 });
      return HttpResponse.json({ valid: true, user: verify });
    }),
    http.post('/api/auth/firebase-login', () => HttpResponse.json({ token: 'session-token', user: loginUser })),
  );
  return calls;
}

/** Login and Register as the app routes them (for visitors only), to put beside a test's own routes. */
export const authRoutes = [
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
];

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
      ...authRoutes,
    ],
    url,
  );

/** A Firebase-style error. */
export const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

/** A Firebase user credential whose ID token is `idToken`. */
export const credential = (idToken = 'firebase-id-token') => ({ user: { getIdToken: async () => idToken } });
