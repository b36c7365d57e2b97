// `npm run start:prod`: the production start. Builds the web app with the real Firebase web
// settings (VITE_FIREBASE_*) into apps/web/dist-prod, then runs the server with NODE_ENV=production:
// no Auth Emulator, JWT_SECRET required, listening on 0.0.0.0 (HOST). Every other setting comes
// from the environment (docs/configuration.md and docs/production.md). `--no-build` serves the last build.
// It prints when the instance is ready for traffic (/api/ready), and writes READY_FILE then if set.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, run, SERVER_NODE_ARGS, webBuild } from './lib.mjs';

const required = ['JWT_SECRET', 'VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID'];
const missing = required.filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`npm run start:prod needs ${missing.join(', ')} (see docs/production.md).`);
  process.exit(1);
}
if (process.env.FIREBASE_AUTH_EMULATOR_HOST || process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
  console.error(
    'npm run start:prod runs without the Auth Emulator: unset FIREBASE_AUTH_EMULATOR_HOST and VITE_FIREBASE_AUTH_EMULATOR_HOST.',
  );
  process.exit(1);
}

const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist-prod');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  WEB_DIST: webDist,
  // The server accepts the web app's project and names its auth domain in the CSP, unless told otherwise.
  FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? process.env.VITE_FIREBASE_PROJECT_ID,
  FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN ?? process.env.VITE_FIREBASE_AUTH_DOMAIN,
};

if (!process.argv.includes('--no-build')) {
  console.log(`Building the web app for ${env.VITE_FIREBASE_PROJECT_ID} into ${path.relative(root, webDist)}...`);
  const build = webBuild(webDist);
  const code = await run(build.command, build.args, { cwd: build.cwd, env });
  if (code !== 0) process.exit(code);
}

// One process: SIGTERM from the service manager reaches the server itself (graceful shutdown).
const startedAt = Date.now();
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Says when the instance is ready for traffic as its balancer sees it (/api/ready: 200 once the
// database answers and the search index is built and warm, or SEARCH_INDEX_READY_SECONDS passed);
// with READY_FILE set, writes that file then, for a service manager or deploy script to wait on.
const readyUrl = `http://127.0.0.1:${env.PORT ?? 3000}/api/ready`;
for (let said = ''; server.exitCode === null; await new Promise((r) => setTimeout(r, 250))) {
  const state = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) })
    .then(async (res) => ({ ok: res.ok, body: await res.json() }))
    .catch(() => null);
  if (state?.ok) {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.log(`Meramot ready for traffic ${seconds} s after start (search index: ${state.body.search}).`);
    if (process.env.READY_FILE) writeFileSync(process.env.READY_FILE, `${new Date().toISOString()}\n`);
    break;
  }
  // No answer: not listening yet, or busy building (the last state stands).
  const now = state ? `${state.body.status}, search ${state.body.search}` : said || 'not listening yet';
  if (now !== said) console.log(`Meramot not ready yet: ${now}.`);
  said = now;
}
