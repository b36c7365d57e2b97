import { randomUUID } from 'node:crypto';
import { EMULATOR_HOST } from '../src/tooling/emulator';

/** Tests use their own project in the emulator, apart from the demo accounts of `npm start`. */
export const TEST_PROJECT_ID = 'demo-meramot-test';

const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export interface TestIdentity {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

async function call<T>(pathAndQuery: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/${pathAndQuery}`, {
    method: 'POST',
    // "owner" is the emulator's admin credential: it lets a request name the test project.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Auth Emulator ${pathAndQuery}: ${json.error?.message ?? res.status}`);
  return json;
}

/** Signs an existing emulator account in with its password and returns a real ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const res = await call<{ idToken: string }>('accounts:signInWithPassword?key=test-key', {
    email,
    password,
    returnSecureToken: true,
    targetProjectId: TEST_PROJECT_ID,
  });
  return res.idToken;
}

/** Creates a fresh account in the emulator (unique e-mail unless given) and signs it in. */
export async function signUp(
  options: { email?: string; displayName?: string; password?: string; emailVerified?: boolean } = {},
): Promise<TestIdentity> {
  const email = options.email ?? `user-${randomUUID().slice(0, 12)}@example.com`;
  const password = options.password ?? 'Secret123';
  const created = await call<{ localId: string }>(`projects/${TEST_PROJECT_ID}/accounts`, {
    email,
    password,
    displayName: options.displayName,
    emailVerified: options.emailVerified ?? false,
  });
  return { uid: created.localId, email, password, idToken: await signIn(email, password) };
}

/** Changes the account through the emulator's admin API (display name, photo, verified flag). */
export async function updateAccount(
  uid: string,
  fields: { displayName?: string; photoUrl?: string; emailVerified?: boolean },
): Promise<void> {
  await call(`projects/${TEST_PROJECT_ID}/accounts:update`, { localId: uid, ...fields });
}

/** Marks the account's e-mail verified through the emulator's admin API. */
export async function markEmailVerified(uid: string): Promise<void> {
  await updateAccount(uid, { emailVerified: true });
}

/** Deletes the account from the emulator (its e-mail can then be used by a new account). */
export async function deleteAccount(uid: string): Promise<void> {
  await call(`projects/${TEST_PROJECT_ID}/accounts:delete`, { localId: uid });
}
