import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { deleteRunAccounts } from './support/emulator-admin';
import { ROOT, STATE_FILE, type E2EState } from './support/env';
import { releaseMailSink } from './support/mail';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends the signal, waits for the process to exit, and kills it when it does not in time. */
async function stop(pid: number | null, signal: NodeJS.Signals, waitMs: number): Promise<void> {
  if (!pid || !alive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && alive(pid)) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Stops what global setup started and removes only the accounts this run created. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return releaseMailSink();
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState;
  if (state.serverPid && !alive(state.serverPid)) {
    const log = state.serverLog && existsSync(state.serverLog) ? readFileSync(state.serverLog, 'utf8') : '';
    console.error(
      `[e2e] the server (pid ${state.serverPid}) had exited before the end of the run; its log ends:\n${log.slice(-4000)}`,
    );
  }
  await stop(state.serverPid, 'SIGTERM', 10_000);
  await releaseMailSink(); // after the server, whose outbox may still be sending
  if (state.emulatorPid) {
    // Our own emulator keeps its accounts in memory only: stopping it clears them.
    await stop(state.emulatorPid, 'SIGINT', 15_000);
  } else {
    const removed = await deleteRunAccounts(state.runId).catch((err: unknown) => {
      console.warn(`[e2e] could not remove this run's emulator accounts: ${String(err)}`);
      return 0;
    });
    if (removed) console.log(`[e2e] removed ${removed} emulator account(s) created by run ${state.runId}`);
  }
  if (state.serverLog && existsSync(state.serverLog)) {
    // Kept for a look after the run, next to the traces (gitignored).
    const dir = path.join(ROOT, 'e2e', 'test-results');
    mkdirSync(dir, { recursive: true });
    copyFileSync(state.serverLog, path.join(dir, 'server.log'));
  }
  if (!process.env.E2E_KEEP_TMP) rmSync(state.tmpDir, { recursive: true, force: true });
  else console.log(`[e2e] kept ${state.tmpDir}`);
  rmSync(STATE_FILE, { force: true });
}
