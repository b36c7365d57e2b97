import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';

const refused = () => HttpResponse.json({ error: 'Authentication required' }, { status: 401 });

/** /api/auth: the stored token's user, the sign-in exchange and logout. */
export const authHandlers = [
  http.get('/api/auth/verify', () =>
    apiState.user ? HttpResponse.json({ valid: true, user: apiState.user }) : refused(),
  ),
  http.post('/api/auth/firebase-login', () => {
    const user = apiState.loginUser ?? apiState.user;
    return user ? HttpResponse.json({ token: 'new-session-token', user }) : refused();
  }),
  http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Logged out' })),
];
