import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { exportAuthEmulatorHost, type Config } from '../env';

let appCounter = 0;

/**
 * Opens firebase-admin's Auth for the configured project (the Auth Emulator when one is
 * configured). Each call gets its own named firebase-admin app, closed by `close`.
 */
export function openFirebaseAuth(
  config: Pick<Config, 'firebaseProjectId' | 'firebaseAuthEmulatorHost'>,
  label: string,
): { auth: Auth; close(): Promise<void> } {
  if (config.firebaseAuthEmulatorHost) exportAuthEmulatorHost(config.firebaseAuthEmulatorHost);
  const app = initializeApp({ projectId: config.firebaseProjectId }, `meramot-${label}-${process.pid}-${++appCounter}`);
  return { auth: getAuth(app), close: () => deleteApp(app) };
}
