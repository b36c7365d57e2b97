import { vi } from 'vitest';

/**
 * The identity service as mocks (the test setup says `vi.mock('../lib/firebase')`): nobody is
 * signed in there (a session refresh fails at once), and the SDK's calls are vi.fn a test drives.
 */
export const auth = {
  authStateReady: async () => undefined,
  currentUser: null as null | { getIdToken(): Promise<string> },
};

export const sdk = {
  signInWithEmailAndPassword: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  updateProfile: vi.fn(async () => undefined),
  signInWithPopup: vi.fn(),
  GoogleAuthProvider: class {},
  signOut: vi.fn(async () => undefined),
};

export const getFirebaseAuth = async () => auth;
export const firebaseAuthModule = async () => sdk;
