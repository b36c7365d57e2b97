import type { ChildProcess } from 'node:child_process';
import { EMULATOR_HOST, ensureEmulator, stopEmulator } from '../src/tooling/emulator';
import { TEST_PROJECT_ID } from './identity';

let child: ChildProcess | null = null;

const admin = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}`;
const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
/** Accounts older than this are left over from earlier runs; younger ones may belong to a run going on now. */
const LEFT_OVER_MS = 60 * 60 * 1000;

/**
 * Removes the test project's accounts left by earlier runs, but not those of a run that shares the
 * emulator at this moment (clearing the whole project signed another run's people out mid-test).
 */
async function removeLeftOverAccounts(): Promise<void> {
  const cutoff = Date.now() - LEFT_OVER_MS;
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ maxResults: '1000', ...(pageToken ? { nextPageToken: pageToken } : {}) });
    const res = await fetch(`${admin}/accounts:batchGet?${query}`, { headers: owner });
    if (!res.ok) throw new Error(`Auth Emulator accounts:batchGet answered ${res.status}`);
    const page = (await res.json()) as { users?: { localId: string; createdAt?: string }[]; nextPageToken?: string };
    const old = (page.users ?? []).filter((u) => Number(u.createdAt ?? 0) < cutoff).map((u) => u.localId);
    if (old.length) {
      const del = await fetch(`${admin}/accounts:batchDelete`, {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ localIds: old, force: true }),
      });
      if (!del.ok) throw new Error(`Auth Emulator accounts:batchDelete answered ${del.status}`);
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
}

/** Starts the Auth Emulator for the run (unless one is running) and clears earlier runs' accounts. */
export async function setup() {
  child = await ensureEmulator();
  await removeLeftOverAccounts();
}

export async function teardown() {
  await stopEmulator(child);
}
