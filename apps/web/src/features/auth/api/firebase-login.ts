import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@meramot/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/firebase-login: exchange the identity service's ID token for our token. */
export const firebaseLogin = (idToken: string) =>
  api<LoginAnswer>('/auth/firebase-login', { method: 'POST', body: { idToken } });

export const useFirebaseLogin = () => useMutation({ mutationFn: firebaseLogin });
