import { createContext, useContext } from 'react';
import type { User } from '@meramot/shared';

export interface AuthContextValue {
  /** The signed-in user as Meramot's server knows them, or null. */
  user: User | null;
  token: string | null;
  /** True until the first auth result (the stored token verified, or none stored). */
  loading: boolean;
  isAuthenticated: boolean;
  signIn(email: string, password: string): Promise<User>;
  /** Creates the account and sets its display name; the user then signs in (spec: sent to /login). */
  signUp(input: { name: string; email: string; password: string; photoURL?: string | null }): Promise<void>;
  signInWithGoogle(): Promise<User>;
  /** Revokes the session (errors ignored), signs out of the identity service, clears state. */
  logout(): Promise<void>;
  /** Replaces the user after a profile change. */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
