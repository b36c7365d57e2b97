import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginAnswer, User } from '@meramot/shared';
import { api, errorKind } from '../api-client';
import { authKeys } from '../query-keys';

/** POST /api/auth/firebase-login: exchange the identity service's ID token for our token. */
export const firebaseLogin = (idToken: string) =>
  api<LoginAnswer>('/auth/firebase-login', { method: 'POST', body: { idToken } });

/** POST /api/auth/logout: revoke our session. */
export const logoutSession = () => api<{ message: string }>('/auth/logout', { method: 'POST', auth: 'no-refresh' });

/** GET /api/auth/verify with the session's token: the signed-in user, or 401. */
export const verifyToken = () => api<{ valid: true; user: User }>('/auth/verify', { auth: 'no-refresh' });

/** The check of the stored token; `onRefused` runs when the server refuses it (401), not on an outage. */
export const verifyQueryOptions = (token: string | null, onRefused: () => void) =>
  queryOptions({
    queryKey: authKeys.verify(token),
    queryFn: () =>
      verifyToken().catch((error: unknown) => {
        if (errorKind(error) === 'auth') onRefused();
        throw error;
      }),
    enabled: !!token,
    // A refused token is final; an outage or a lost connection is tried again a few times.
    retry: (failures, error) => errorKind(error) !== 'auth' && failures < 3,
    staleTime: Infinity,
  });

export const useVerify = (token: string | null, onRefused: () => void) =>
  useQuery(verifyQueryOptions(token, onRefused));
