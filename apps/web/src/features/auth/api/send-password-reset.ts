import { firebaseAuthModule, getFirebaseAuth } from '@/lib/firebase';

/**
 * Asks the identity service (Firebase Auth) to e-mail a password-reset link to `email`. Locally
 * the Auth Emulator does not send mail: it prints the link in its log and lists it at
 * `/emulator/v1/projects/{project}/oobCodes`.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const [auth, { sendPasswordResetEmail }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  await sendPasswordResetEmail(auth, email);
}
