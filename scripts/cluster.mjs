// `npm run cluster`: Meramot on several machines, on this one (docs/production.md, "A cluster on one machine").
// Starts a PostgreSQL primary and a streaming replica of its own (Debian's binaries, in a temporary
// folder, on free ports), uses the Redis at REDIS_URL (or starts redis-server), starts or reuses the
// Auth Emulator unless real Firebase settings are given, builds the web app once, runs
// `npm run migrate` once, starts 3 server instances (--instances N) and HAProxy in front on
// CLUSTER_PORT (8080). Ctrl-C or SIGTERM stops everything it started and removes its folders.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importTs, run, webBuild } from './lib.mjs';

const { values: opts } = parseArgs({ options: { instances: { type: 'string', default: '3' } } });
const instances = Number(opts.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 9) {
  console.error('--instances must be a whole number from 1 to 9.');
  process.exit(2);
}
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Real Firebase when the web settings are given and no emulator is asked for; else the Auth Emulator.
const realFirebase =
  Boolean(
    process.env.VITE_FIREBASE_API_KEY && process.env.VITE_FIREBASE_AUTH_DOMAIN && process.env.VITE_FIREBASE_PROJECT_ID,
  ) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (line) => console.log(`[${seconds().padStart(5)} s] ${line}`);

let cluster = null;
let emulator = null;
let emulatorTools = null;
let stopping = false;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-cluster-web-'));

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster...');
  await cluster?.stop().catch((err) => console.error(err.message));
  if (emulator) await emulatorTools.stopEmulator(emulator);
  rmSync(webDir, { recursive: true, force: true });
  console.log(
    'Stopped: instances, HAProxy, PostgreSQL primary and replica, and whatever else was started; folders removed.',
  );
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll(0));

try {
  let instanceEnv;
  const webEnv = { ...process.env };
  if (realFirebase) {
    if (!process.env.JWT_SECRET)
      throw new Error(
        'With real Firebase settings npm run cluster runs in production mode: set JWT_SECRET (32+ characters).',
      );
    instanceEnv = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? process.env.VITE_FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN ?? process.env.VITE_FIREBASE_AUTH_DOMAIN,
      FIREBASE_AUTH_EMULATOR_HOST: '',
      JWT_SECRET: process.env.JWT_SECRET,
    };
    say(`Firebase project ${instanceEnv.FIREBASE_PROJECT_ID} (real sign-in, production mode)`);
  } else {
    emulatorTools = await importTs('apps/server/src/tooling/emulator.ts');
    emulator = await emulatorTools.ensureEmulator();
    say(
      emulator
        ? `Auth Emulator started at ${emulatorHost}`
        : `Auth Emulator already running at ${emulatorHost}: reused`,
    );
    // The emulator accepts unsigned tokens, so NODE_ENV=production refuses it: everything else as in production.
    instanceEnv = { NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, SEED_DEMO: 'auto' };
    webEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }

  const webDist = path.join(webDir, 'dist');
  say('Building the web app (once, for every instance)...');
  const build = webBuild(webDist);
  if ((await run(build.command, build.args, { cwd: build.cwd, env: webEnv })) !== 0)
    throw new Error('The web build failed.');

  const { startMeramotCluster } = await importTs('apps/server/scripts/cluster/launch.ts');
  cluster = await startMeramotCluster({
    instances,
    port,
    bind: realFirebase ? '0.0.0.0' : '127.0.0.1',
    redisUrl,
    env: {
      ...instanceEnv,
      WEB_DIST: webDist,
      ...(process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {}),
      ...(process.env.RATE_LIMIT_MAX ? { RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX } : {}),
    },
    log: say,
    // The instances log at warn level: whatever they print is worth seeing.
    onInstanceLine: (name, line) => console.log(`[${name}] ${line}`),
  });
  for (const instance of cluster.instances) {
    instance.process.exited.then((code) => {
      if (!stopping)
        say(`instance ${instance.name} (:${instance.port}) exited (${code}); HAProxy sends its share to the others`);
    });
  }

  console.log(`\nMeramot cluster running at http://localhost:${port} (ready in ${seconds()} s)`);
  console.log(`  HAProxy :${port} -> ${cluster.instances.map((i) => `${i.name} 127.0.0.1:${i.port}`).join(', ')}`);
  console.log(`  PostgreSQL primary ${cluster.databaseUrl}`);
  if (cluster.readUrl) console.log(`  PostgreSQL replica ${cluster.readUrl} (DATABASE_READ_URL)`);
  console.log(`  Redis ${cluster.redis.url} (keys under ${cluster.redisPrefix})`);
  console.log(`  Files (HAProxy config, PostgreSQL logs): ${cluster.dir}`);
  if (!realFirebase) {
    const { DEMO_LOGINS, DEMO_PASSWORD } = await importTs('apps/server/src/seed/demo-data.ts');
    console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(32)} ${login.name} — ${login.role}`);
  }
  console.log('\nPress Ctrl-C to stop.');
} catch (err) {
  console.error(`npm run cluster: ${err instanceof Error ? err.message : err}`);
  await stopAll(1);
}
