import type { ChildProcess } from 'node:child_process';
import { EMULATOR_HOST, ensureEmulator, stopEmulator } from '../src/tooling/emulator';
import { TEST_PROJECT_ID } from './identity';

let child: ChildProcess | null = null;

/** Starts the Auth Emulator for the run (unless one is running) and clears the test project. */
export async function setup() {
  child = await ensureEmulator();
  await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${TEST_PROJECT_ID}/accounts`, { method: 'DELETE' });
}

export async function teardown() {
  await stopEmulator(child);
}
