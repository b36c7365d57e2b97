/**
 * The Firebase web SDK, loaded only when a screen needs the identity service (sign-in, sign-up,
 * sign-out, profile, token refresh), so the public pages stay small.
 */
import type { Auth } from 'firebase/auth';

const config = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-meramot.firebaseapp.com',
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-meramot',
};
/** Set at build time; without a real API key the emulator on its default address is used. */
const emulatorHost =
  import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_HOST ??
  (import.meta.env.VITE_FIREBASE_API_KEY ? undefined : '127.0.0.1:9099');

let authPromise: Promise<Auth> | null = null;

export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp }, { getAuth, connectAuthEmulator }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const auth = getAuth(initializeApp(config));
    if (emulatorHost) connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
    return auth;
  })();
  return authPromise;
}

export const firebaseAuthModule = () => import('firebase/auth');
