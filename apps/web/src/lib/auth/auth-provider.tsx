import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@meramot/shared';
import { firebaseAuthModule, getFirebaseAuth } from '../firebase';
import { isServerRendered } from '../hydration';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { registerSession } from '../api-client';
import { firebaseLogin, logoutSession, useVerify } from './session-api';
import { AccountCreatedError, AuthContext, type AuthContextValue } from './auth-context';
import { publicKeys } from '../query-keys';

/** What the provider takes from the stored token's check: the session's person, and whether the check failed. */
interface SessionCheck {
  user: User | null;
  isError: boolean;
}

/** The check of a stored token (a query of GET /api/auth/verify), read for what the provider uses. */
function useSessionCheck(token: string | null, onRefused: () => void): SessionCheck {
  const verify = useVerify(token, onRefused);
  return { user: verify.data?.user ?? null, isError: verify.isError };
}

/**
 * On the server a page is a visitor's (no token, so the check never runs): no query observer is
 * made for it (a twentieth of a rendered service page's time went into it). Fixed per build.
 */
const NO_SESSION_CHECK: SessionCheck = { user: null, isError: false };
const useTokenCheck = import.meta.env.SSR ? (): SessionCheck => NO_SESSION_CHECK : useSessionCheck;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A page rendered on the server is hydrated as a visitor's (the server knows no session): the
  // stored token is taken up right after, before the first paint.
  const [token, setTokenState] = useState<string | null>(() =>
    isServerRendered() ? null : readStorage(storageKeys.token),
  );
  // The user a sign-in, a session refresh or a profile change gave; until one does, the stored
  // token's check answers who is signed in.
  const [givenUser, setUser] = useState<User | null>(null);

  // The token lives here (and is persisted for the next visit); the API client reads it through
  // the session hooks registered below.
  const tokenRef = useRef(token);
  const setToken = useCallback((value: string | null) => {
    writeStorage(storageKeys.token, value);
    tokenRef.current = value;
    setTokenState(value);
  }, []);

  // Only a refused token ends the session: an outage (503) or no network keeps it for the next try.
  const dropToken = useCallback(() => setToken(null), [setToken]);
  const verify = useTokenCheck(givenUser ? null : token, dropToken);
  const user = givenUser ?? verify.user;

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
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== publicKeys.all[0] });
  }, [queryClient, setToken]);

  const refreshToken = useCallback(async () => {
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
  }, [setToken]);

  useLayoutEffect(() => {
    if (!isServerRendered()) return;
    const stored = readStorage(storageKeys.token);
    if (stored) {
      tokenRef.current = stored;
      // Deliberately a second render: the hydrating one had to match the server's (no session).
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setTokenState(stored);
    }
  }, []);

  // The one answer to a 401: refresh the session once, else sign out. Registered before any
  // query of the tree runs (layout effects come first).
  useLayoutEffect(
    () =>
      registerSession({
        getToken: () => tokenRef.current,
        refresh: () => refreshToken().catch(() => (clear(), null)),
      }),
    [refreshToken, clear],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      // Until the stored token's check answers: no redirect race.
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
        }
        try {
          // A fresh ID token: our server reads the name from it, and the first one has none.
          return await exchange(await credential.user.getIdToken(true));
        } catch (error) {
          // No half session: the person logs in with the account just created.
          await signOut(auth).catch(() => undefined);
          throw new AccountCreatedError({ cause: error });
        }
      },
      async signInWithGoogle() {
        const [auth, { GoogleAuthProvider, signInWithPopup }] = await Promise.all([
          getFirebaseAuth(),
          firebaseAuthModule(),
        ]);
        const credential = await signInWithPopup(auth, new GoogleAuthProvider());
        return exchange(await credential.user.getIdToken());
      },
      async logout() {
        if (token) await logoutSession().catch(() => undefined);
        const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
        await signOut(auth);
        clear();
      },
    }),
    [user, token, verify.isError, exchange, clear],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
