import { EMULATOR_HOST, FIREBASE_PROJECT } from './env';

const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
/** "owner" is the Auth Emulator's admin credential. */
const admin = { 'content-type': 'application/json', authorization: 'Bearer owner' };

async function call<T>(pathAndQuery: string, body: unknown, headers: Record<string, string> = admin): Promise<T> {
  const res = await fetch(`${base}/${pathAndQuery}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Auth Emulator ${pathAndQuery}: ${json.error?.message ?? res.status}`);
  return json;
}

/** Signs an existing emulator account in with its password and answers a real Firebase ID token. */
export async function emulatorIdToken(email: string, password: string): Promise<string> {
  const res = await call<{ idToken: string }>('accounts:signInWithPassword?key=demo-api-key', {
    email,
    password,
    returnSecureToken: true,
    targetProjectId: FIREBASE_PROJECT,
  });
  return res.idToken;
}

/** Creates an account in the emulator (for journeys where sign-up itself is not under test). */
export async function createEmulatorAccount(email: string, password: string, displayName: string): Promise<string> {
  const res = await call<{ localId: string }>(`projects/${FIREBASE_PROJECT}/accounts`, {
    email,
    password,
    displayName,
    emailVerified: false,
  });
  return res.localId;
}

interface AccountInfo {
  localId: string;
  email?: string;
}

/** Deletes the emulator accounts whose e-mail marks them as made by this run (e2e-<runId>-...). */
export async function deleteRunAccounts(runId: string): Promise<number> {
  const prefix = `e2e-${runId}-`;
  const res = await call<{ userInfo?: AccountInfo[] }>(`projects/${FIREBASE_PROJECT}/accounts:query`, {
    returnUserInfo: true,
  });
  const ids = (res.userInfo ?? []).filter((u) => u.email?.startsWith(prefix)).map((u) => u.localId);
  if (ids.length === 0) return 0;
  await call(`projects/${FIREBASE_PROJECT}/accounts:batchDelete`, { localIds: ids, force: true });
  return ids.length;
}
