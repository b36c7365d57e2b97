import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@meramot/shared';
import { firebaseAuthModule, getFirebaseAuth } from '../../lib/firebase';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';
import { firebaseLogin } from './api/firebase-login';
import { logoutSession } from './api/logout';
import { useVerify } from './api/verify';
import { AuthContext, type AuthContextValue } from './auth-context';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => readStorage(storageKeys.token));
  const [user, setUser] = useState<User | null>(null);
  const verify = useVerify(user ? null : token);

  const setToken = useCallback((value: string | null) => {
    writeStorage(storageKeys.token, value);
    setTokenState(value);
  }, []);

  useEffect(() => {
    if (verify.data) setUser(verify.data.user);
    if (verify.isError) setToken(null);
  }, [verify.data, verify.isError, setToken]);

  const exchange = useCallback(
    async (idToken: string) => {
      const answer = await firebaseLogin(idToken);
      setToken(answer.token);
      setUser(answer.user);
      return answer.user;
    },
    [setToken],
  );

  const clear = useCallback(() => {
    setToken(null);
    setUser(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
  }, [queryClient, setToken]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      // Until the verified user is stored (one render after the answer), still loading: no redirect race.
      loading: !!token && !user && !verify.isError,
      isAuthenticated: !!user && !!token,
      setUser,
      async signIn(email, password) {
        const [auth, { signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
        const credential = await signInWithEmailAndPassword(auth, email, password);
        return exchange(await credential.user.getIdToken());
      },
      async signUp({ name, email, password, photoURL }) {
        const [auth, { createUserWithEmailAndPassword, updateProfile, signOut }] = await Promise.all([
          getFirebaseAuth(),
          firebaseAuthModule(),
        ]);
        const credential = await createUserWithEmailAndPassword(auth, email, password);
        try {
          // photoURL only when given: the identity service rejects a null one.
          await updateProfile(credential.user, photoURL ? { displayName: name, photoURL } : { displayName: name });
        } catch {
          // The account exists; a missing name can be set later in Profile Settings.
        } finally {
          await signOut(auth);
        }
      },
      async signInWithGoogle() {
        const [auth, { GoogleAuthProvider, signInWithPopup }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
        const credential = await signInWithPopup(auth, new GoogleAuthProvider());
        return exchange(await credential.user.getIdToken());
      },
      async logout() {
        if (token) await logoutSession().catch(() => undefined);
        const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
        await signOut(auth);
        clear();
      },
      async refreshToken() {
        const auth = await getFirebaseAuth();
        await auth.authStateReady();
        if (!auth.currentUser) throw new Error('JWT refresh failed');
        try {
          const answer = await firebaseLogin(await auth.currentUser.getIdToken(true));
          setToken(answer.token);
          setUser(answer.user);
          return answer.token;
        } catch {
          throw new Error('JWT refresh failed');
        }
      },
    }),
    [user, token, verify.isError, exchange, clear, setToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
