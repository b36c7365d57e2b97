import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureEmulator } from '../apps/server/src/tooling/emulator';
import { startMailSink } from '../apps/server/src/tooling/mail-sink';
import globalTeardown from './global-teardown';
import { BASE_URL, E2E_PORT, EMULATOR_HOST, ROOT, STATE_FILE, type E2EState } from './support/env';
import { MAIL_FROM, holdMailSink } from './support/mail';

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Builds the web app into the temp folder, pointed at the Auth Emulator. */
function buildWeb(outDir: string): void {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['build/build.mjs', '--outDir', outDir], {
    cwd: path.join(ROOT, 'apps', 'web'),
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`[e2e] web app built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Starts the real server (PGlite in a fresh DATA_DIR, so the demo data is seeded) and waits for /api/health. */
async function startServer(tmpDir: string, webDist: string, smtpPort: number): Promise<{ pid: number; log: string }> {
  if (await answers(`${BASE_URL}/api/health`)) {
    throw new Error(`Something already answers on port ${E2E_PORT}; stop it or set E2E_PORT.`);
  }
  const log = path.join(tmpDir, 'server.log');
  const fd = openSync(log, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    // E2E_DATA_DIR reuses a seeded database between local runs (faster; the data then carries earlier runs' bookings).
    DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(tmpDir, 'data'),
    WEB_DIST: webDist,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    RATE_LIMIT_MAX: '0',
    SEED_DEMO: 'auto',
    LOG_LEVEL: 'warn',
    // E-mail goes to this run's mail sink; links in it point at this server; the outbox drains often.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM,
    PUBLIC_URL: BASE_URL,
    OUTBOX_POLL_MS: '500',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited early (${child.exitCode}):\n${readFileSync(log, 'utf8')}`);
    if (await answers(`${BASE_URL}/api/health`)) return { pid: child.pid!, log };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /api/health within 120 s:\n${readFileSync(log, 'utf8')}`);
}

export default async function globalSetup(): Promise<void> {
  try {
    await setUp();
  } catch (err) {
    await globalTeardown(); // stop whatever did start before the failure
    throw err;
  }
}

async function setUp(): Promise<void> {
  const started = Date.now();
  const runId = randomBytes(4).toString('hex');
  process.env.E2E_RUN_ID = runId; // inherited by the workers: accounts made by this run carry it
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-e2e-'));
  const state: E2EState = {
    runId,
    tmpDir,
    serverPid: null,
    emulatorPid: null,
    serverLog: '',
    mailInbox: null,
    mailSmtpPort: null,
  };
  const save = () => writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  save();

  const webDist = process.env.E2E_WEB_DIST ?? path.join(tmpDir, 'web-dist');
  if (process.env.E2E_WEB_DIST) {
    if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`E2E_WEB_DIST=${webDist} holds no index.html`);
  } else {
    buildWeb(webDist);
  }

  const emulator = await ensureEmulator();
  state.emulatorPid = emulator?.pid ?? null;
  // The emulator's output pipes must not hold the runner open or fill up.
  emulator?.stdout?.resume();
  emulator?.stderr?.resume();
  emulator?.unref();
  save();

  // The mail sink lives in this process (Playwright's runner, which stays up until global teardown).
  const sink = holdMailSink(await startMailSink({ smtpPort: 0, httpPort: 0 }));
  state.mailInbox = sink.inboxUrl;
  state.mailSmtpPort = sink.smtpPort;
  save();

  const server = await startServer(tmpDir, webDist, sink.smtpPort);
  state.serverPid = server.pid;
  state.serverLog = server.log;
  save();
  console.log(
    `[e2e] run ${runId}: server on ${BASE_URL} (log ${server.log}), emulator ${emulator ? 'started' : 'reused'} at ${EMULATOR_HOST}, mail inbox ${sink.inboxUrl}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
