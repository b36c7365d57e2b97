// `npm start`: builds the web app when needed, starts the Firebase Auth Emulator (accounts kept
// under DATA_DIR), a local mail sink (unless SMTP_URL is set) and the server on PORT, prints the
// addresses and the demo logins, and stops everything it started on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { importTs, root, run, SERVER_NODE_ARGS, stopProcess, waitForHealth } from './lib.mjs';

const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const children = [];
/** The local mail sink (in this process), or null when SMTP_URL names a real server. */
let mailSink = null;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function buildWebIfStale() {
  const web = path.join(root, 'apps/web');
  const built = path.join(web, 'dist/index.html');
  const sources = Math.max(newestMtime(path.join(web, 'src')), statSync(path.join(web, 'index.html')).mtimeMs);
  const ssrEntry = path.join(web, 'dist/.ssr/entry-server.mjs');
  if (existsSync(built) && existsSync(ssrEntry) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build', '-w', 'apps/web'], {
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
  });
  if (code !== 0) throw new Error('The web build failed.');
}

async function stopAll() {
  for (const child of children.reverse()) await stopProcess(child);
  await mailSink?.close();
  mailSink = null;
}

/**
 * The embedded SMTP sink and its inbox page (apps/server/src/tooling/mail-sink.ts), on
 * MAIL_SINK_SMTP_PORT (1025) and MAIL_SINK_HTTP_PORT (1080); a port already taken gives way to a
 * free one, so a second checkout or another mail catcher does not stop `npm start`.
 */
async function startLocalMailSink() {
  const { startMailSink } = await importTs('apps/server/src/tooling/mail-sink.ts');
  const ports = {
    smtpPort: Number(process.env.MAIL_SINK_SMTP_PORT ?? 1025),
    httpPort: Number(process.env.MAIL_SINK_HTTP_PORT ?? 1080),
  };
  for (;;) {
    try {
      return await startMailSink(ports);
    } catch (err) {
      if (err?.code !== 'EADDRINUSE') throw err;
      const taken = err.port === ports.smtpPort ? 'smtpPort' : 'httpPort';
      if (ports[taken] === 0) throw err;
      console.log(`Port ${ports[taken]} is in use; the mail sink takes a free port instead.`);
      ports[taken] = 0;
    }
  }
}

async function main() {
  await buildWebIfStale();

  const { ensureEmulator } = await importTs('apps/server/src/tooling/emulator.ts');
  const exportDir = path.join(dataDir, 'firebase-emulator');
  const emulator = await ensureEmulator({ importDir: exportDir, exportOnExit: true });
  if (emulator) children.push(emulator);
  else console.log(`Using the Auth Emulator already running at ${emulatorHost}.`);

  const mailEnv = {};
  if (!process.env.SMTP_URL) {
    mailSink = await startLocalMailSink();
    mailEnv.SMTP_URL = `smtp://127.0.0.1:${mailSink.smtpPort}`;
    mailEnv.MAIL_FROM = process.env.MAIL_FROM ?? 'Meramot <no-reply@meramot.test>';
  }

  // node --import tsx: one process, so Ctrl-C reaches the server itself.
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...mailEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  children.push(server);
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, server);

  const { DEMO_LOGINS, DEMO_PASSWORD } = await importTs('apps/server/src/seed/demo-data.ts');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nMeramot is running at http://localhost:${port} (ready in ${seconds} s)`);
  console.log(`API docs: http://localhost:${port}/api/docs`);
  console.log(`Auth Emulator: http://${emulatorHost}`);
  if (mailSink) console.log(`Mail inbox (e-mails sent locally): ${mailSink.inboxUrl}`);
  else console.log('E-mail goes through the SMTP server of SMTP_URL.');
  console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(32)} ${login.name} — ${login.role}`);
  console.log('\nPress Ctrl-C to stop.');

  server.on('exit', async (code) => {
    await stopAll();
    process.exit(code ?? 0);
  });
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Meramot...');
    await stopAll();
    process.exit(0);
  });
}

main().catch(async (err) => {
  console.error(err instanceof Error ? err.message : err);
  await stopAll();
  process.exit(1);
});
