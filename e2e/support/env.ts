import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (e2e/support → ../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The suite's own server port (never 3000, the one `npm start` uses). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const FIREBASE_PROJECT = 'demo-meramot';
/** What global setup started, for global teardown (pids, temp folder, run id). */
export const STATE_FILE = path.join(os.tmpdir(), `meramot-e2e-state-${E2E_PORT}.json`);
/** Set by global setup and inherited by the workers: marks the accounts this run creates. */
export const runId = () => process.env.E2E_RUN_ID ?? 'local';

export interface E2EState {
  runId: string;
  tmpDir: string;
  serverPid: number | null;
  emulatorPid: number | null;
  serverLog: string;
  /** The run's mail sink (apps/server/src/tooling/mail-sink.ts): its inbox page and SMTP port. */
  mailInbox: string | null;
  mailSmtpPort: number | null;
}
