// A new instance's first seconds (issue 21): starts the server against DATABASE_URL and records,
// from the moment its process was spawned, when /api/health answers, when /api/ready first says
// 200 (the in-memory search index built and warm) and the resident memory then; then drives the
// plain list (`/api/services?limit=20`, one URL, as a balancer sends it at once) for the first
// seconds after ready and again once settled, and the varied browsing likewise, so a cold start
// shows against the steady state. Each run starts twice on a data directory of its own: first
// without a snapshot of the search index (it is built from the database, then written), then from
// that snapshot (read back and caught up: search/memory/snapshot.ts).
//
//   DATABASE_URL=postgres://... node bench/startup.mjs [--seconds 6] [--connections 50] [--runs 1]
//   (npm run bench runs both starts too, after seeding, and writes their figures to docs/performance.md.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, root, SERVER_NODE_ARGS, stopProcess } from '../scripts/lib.mjs';
import { browsePath, SORTS } from './varied-requests.mjs';

/** Resident memory of a process, in MB (Linux). */
export function residentMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Drives `next()` (a path per request) for `seconds`: req/s, p50 and p99 (ms), errors. */
function drive(base, next, seconds, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: next() }) }],
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              max: r.latency.max,
              errors: r.errors + r.timeouts,
              non2xx: r.non2xx,
            }),
    );
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One start: spawns the server, polls /api/health and /api/ready every 50 ms, then measures.
 * `env` is added to the server's environment (its DATABASE_URL among it); `nodeArgs` replace
 * SERVER_NODE_ARGS (to compare V8's settings).
 */
export async function measureStartup({
  env,
  seconds = 6,
  connections = 50,
  limitMs = 600_000,
  nodeArgs = SERVER_NODE_ARGS,
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const since = () => (performance.now() - spawnedAt) / 1000;
  let health = NaN;
  let ready = NaN;
  let readyBody = null;
  let peakMb = 0;
  try {
    while (Number.isNaN(ready)) {
      if (child.exitCode !== null) throw new Error(`The server stopped (${child.exitCode}):\n${output.slice(-2000)}`);
      if (since() * 1000 > limitMs) throw new Error(`Not ready within ${limitMs / 1000} s:\n${output.slice(-2000)}`);
      peakMb = Math.max(peakMb, residentMb(child.pid));
      try {
        if (Number.isNaN(health)) {
          const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
          await res.arrayBuffer();
          if (res.ok) health = since();
        } else {
          const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2000) });
          const body = await res.json();
          if (res.status === 200) {
            ready = since();
            readyBody = body;
          }
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    // The index answering searches (X-Search-Index: on): at ready, unless ready did not wait for it.
    let indexOn = NaN;
    while (Number.isNaN(indexOn)) {
      if (since() * 1000 > limitMs) throw new Error(`The index was not on within ${limitMs / 1000} s`);
      peakMb = Math.max(peakMb, residentMb(child.pid));
      const res = await fetch(`${base}/api/search/${randomBytes(4).toString('hex')}?limit=1`);
      await res.arrayBuffer();
      if (res.headers.get('x-search-index') !== 'building') indexOn = since();
      else await sleep(50);
    }
    const readyMb = residentMb(child.pid);
    const plain = () => '/api/services?limit=20';
    const varied = () => browsePath([...SORTS, 'best']);
    const first = await drive(base, plain, seconds, connections);
    const firstVaried = await drive(base, varied, seconds, connections);
    // Settled: the same again after a pause.
    await sleep(3000);
    const steady = await drive(base, plain, seconds, connections);
    const steadyVaried = await drive(base, varied, seconds, connections);
    const index = await fetch(`${base}/api/search/${Date.now().toString(36)}?limit=1`);
    await index.arrayBuffer();
    return {
      health,
      ready,
      indexOn,
      readyBody,
      readyMb,
      peakMb: Math.max(peakMb, readyMb),
      afterMb: residentMb(child.pid),
      indexState: index.headers.get('x-search-index'),
      first,
      firstVaried,
      steady,
      steadyVaried,
    };
  } finally {
    await stopProcess(child);
  }
}

export function startupLines(r, seconds) {
  const f = (m) =>
    `${Math.round(m.rps).toLocaleString('en')} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.errors || m.non2xx ? `, ${m.errors} errors, ${m.non2xx} non-2xx` : ''}`;
  return [
    `- /api/health answered ${r.health.toFixed(1)} s after the process was spawned; /api/ready said 200 at ${r.ready.toFixed(1)} s (search index ${r.readyBody?.search ?? '?'}), the index answered at ${r.indexOn.toFixed(1)} s, resident memory then ${Math.round(r.readyMb)} MB (peak while starting ${Math.round(r.peakMb)} MB, ${Math.round(r.afterMb)} MB after the runs).`,
    `- The plain list, one URL, the first ${seconds} s after the index answered: ${f(r.first)}; settled: ${f(r.steady)}.`,
    `- Varied browsing, the next ${seconds} s: ${f(r.firstVaried)}; settled: ${f(r.steadyVaried)}.`,
  ];
}

/**
 * Both starts on `env.DATA_DIR` (a directory of the caller's, empty): the search index built from
 * the database (and written there), then read back from that snapshot. Prints each start's lines
 * as it ends; returns them, one block of text per start.
 */
export async function measureBothStarts({ env, seconds, connections }) {
  const blocks = [];
  for (const how of ['built from the database', 'read from its snapshot']) {
    const r = await measureStartup({ env, seconds, connections });
    blocks.push(`Started with the search index ${how}:\n${startupLines(r, seconds).join('\n')}`);
    console.log(blocks.at(-1));
  }
  return blocks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '6' },
      connections: { type: 'string', default: '50' },
      runs: { type: 'string', default: '1' },
    },
  });
  if (!process.env.DATABASE_URL) {
    console.error('bench/startup.mjs needs DATABASE_URL (a seeded catalogue: npm run seed -- --services N).');
    process.exit(2);
  }
  for (let i = 0; i < Number(values.runs); i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-startup-'));
    try {
      await measureBothStarts({
        env: { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir },
        seconds: Number(values.seconds),
        connections: Number(values.connections),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.exit(0);
}
