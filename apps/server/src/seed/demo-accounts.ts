import type { Auth } from 'firebase-admin/auth';
import { openFirebaseAuth } from '../auth';
import type { Config } from '../env';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail, demoUid, type DemoPerson } from './demo-data';

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/**
 * Creates one demo account, or leaves it as it is when the uid or the e-mail is taken already.
 * Answers the uid that owns the e-mail. No photoURL: firebase-admin accepts only absolute
 * http(s) URLs and the avatars are served from a relative /images path; users.photo_url keeps it.
 */
async function ensureAccount(auth: Auth, person: DemoPerson): Promise<string> {
  const email = demoEmail(person);
  try {
    const created = await auth.createUser({
      uid: demoUid(person),
      email,
      password: DEMO_PASSWORD,
      displayName: person.name,
      emailVerified: person.emailVerified,
    });
    return created.uid;
  } catch (err) {
    const code = errorCode(err);
    if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw err;
    try {
      return (await auth.getUserByEmail(email)).uid;
    } catch {
      // The uid exists under another e-mail: nobody can sign in as this demo person, but the rows still make sense.
      return demoUid(person);
    }
  }
}

/**
 * Makes sure every demo person has an account in the Firebase Auth Emulator, and answers the uid
 * of each e-mail. Answers null, touching nothing, when no emulator is configured: demo accounts
 * are never created in a real Firebase project.
 */
export async function ensureDemoAccounts(config: Config): Promise<Map<string, string> | null> {
  if (!config.firebaseAuthEmulatorHost) return null;
  const { auth, close } = openFirebaseAuth(config, 'demo');
  try {
    const uids = new Map<string, string>();
    for (const person of DEMO_PEOPLE) uids.set(demoEmail(person), await ensureAccount(auth, person));
    return uids;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Could not create the demo accounts in the Auth Emulator at ${config.firebaseAuthEmulatorHost}: ${detail}`,
    );
  } finally {
    await close();
  }
}
