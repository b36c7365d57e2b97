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
  /**
   * Creates the account, sets its display name and signs the new user in (no second password
   * entry). When the account was created but the session could not be opened, it throws
   * `AccountCreatedError`: the user then logs in as usual.
   */
  signUp(input: { name: string; email: string; password: string; photoURL?: string | null }): Promise<User>;
  signInWithGoogle(): Promise<User>;
  /** Revokes the session (errors ignored), signs out of the identity service, clears state. */
  logout(): Promise<void>;
  /** Replaces the user after a profile change. */
  setUser(user: User): void;
}

/** The sign-up created the identity account, but signing in to Meramot failed afterwards. */
export class AccountCreatedError extends Error {
  constructor(options?: ErrorOptions) {
    super('The account was created, but signing in failed', options);
    this.name = 'AccountCreatedError';
  }
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
