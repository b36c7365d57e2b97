/**
 * The identity service (Firebase Auth) calls of Profile Settings: profile update, password
 * change, and whether the account has a password at all. The SDK is loaded lazily.
 */
import { firebaseAuthModule, getFirebaseAuth } from '@/lib/firebase';

/** No one is signed in to the identity service (its message is the spec's 'No user logged in'). */
export class NoUserError extends Error {
  constructor() {
    super('No user logged in');
    this.name = 'NoUserError';
  }
}

async function currentUser() {
  const [auth, sdk] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  await auth.authStateReady();
  if (!auth.currentUser) throw new NoUserError();
  return { user: auth.currentUser, sdk };
}

/** Sets the display name and photo. An empty photo clears it ('' — the emulator rejects null). */
export async function updateIdentityProfile(input: { displayName: string; photoURL: string }) {
  const { user, sdk } = await currentUser();
  await sdk.updateProfile(user, { displayName: input.displayName, photoURL: input.photoURL });
}

/** Re-authenticates with the current password, then sets the new one. */
export async function changePassword(current: string, next: string) {
  const { user, sdk } = await currentUser();
  if (!user.email) throw new NoUserError();
  await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, current));
  await sdk.updatePassword(user, next);
}

/** True when the account signs in with a password (false: Google only); null without a user. */
export async function hasPasswordSignIn(): Promise<boolean | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) return null;
  return auth.currentUser.providerData.some((p) => p.providerId === 'password');
}

const WRONG_PASSWORD_CODES = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

export const isWrongPassword = (error: unknown) =>
  WRONG_PASSWORD_CODES.has((error as { code?: unknown } | null)?.code as string);
