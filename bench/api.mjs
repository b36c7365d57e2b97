#!/usr/bin/env node
// `npm run bench`: the API at scale. Tops the PostgreSQL database in DATABASE_URL up to --services
// services (npm run seed), starts the server against it (production mode, its own process) and a
// bare Fastify route (the ceiling, another process), then drives each scenario with autocannon from
// this process for a fixed time, and prints requests per second, p50 / p99 latency, errors and the
// ratio to the ceiling. Writes the results to docs/performance.md (one section per catalogue size).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/meramot_bench npm run bench [-- --services 1000000]
//   options: --services N (100000)  --duration S (10)  --connections C (50)  --warmup S (2)  --no-write
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, root, stopProcess, waitForHealth } from '../scripts/lib.mjs';

const { values: opts } = parseArgs({
  options: {
    services: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 9).join('\n').replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const SERVICES = Number(opts.services);
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const WARMUP = Number(opts.warmup);
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL || !/^postgres(ql)?:\/\//.test(DATABASE_URL)) {
  console.error(
    'npm run bench needs a PostgreSQL server: set DATABASE_URL, e.g.\n' +
      '  createdb meramot_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/meramot_bench npm run bench',
  );
  process.exit(2);
}
for (const [name, value] of Object.entries({ SERVICES, DURATION, CONNECTIONS, WARMUP })) {
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name.toLowerCase()} must be a number`);
    process.exit(2);
  }
}

const children = [];
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

function start(command, args, env, label) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.on('exit', (code) => {
    if (code && code !== 143) console.error(`${label} stopped (${code}):\n${output.slice(-2000)}`);
  });
  children.push(child);
  return child;
}

/** One autocannon run; `next` gives each request its path (and method, headers, body). */
function cannon(base, next, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(base, next) {
  if (WARMUP > 0) await cannon(base, next, WARMUP);
  const r = await cannon(base, next, DURATION);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

const cycle = (items) => {
  let i = 0;
  return () => items[i++ % items.length];
};

// ---------------------------------------------------------------------------------------------
console.log(`Meramot API benchmark: ${SERVICES.toLocaleString('en')} services, ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
execFileSync(npm, ['run', 'seed', '--silent', '--', '--services', String(SERVICES)], {
  cwd: root,
  env: { ...process.env, DATABASE_URL },
  stdio: 'inherit',
});

const JWT_SECRET = randomBytes(48).toString('base64url');
const serverEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL,
  JWT_SECRET,
  RATE_LIMIT_MAX: '0',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'never',
  FIREBASE_AUTH_EMULATOR_HOST: '',
};
/** Starts the API server (its migrations run at start) and waits until it answers. */
async function startApi(extraEnv) {
  const port = await freePort();
  const child = start(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { ...serverEnv, ...extraEnv, PORT: String(port) }, 'server');
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/api/health`, child, 150_000);
  return { base, stop: () => stopProcess(child) };
}

// Production as shipped (micro-cache of public answers, cached counts), then with the micro-cache
// off so that every request reaches PostgreSQL.
const PASSES = [
  { key: 'cached', label: 'as shipped (micro-cache on)', env: {} },
  { key: 'uncached', label: 'micro-cache off (every request reaches PostgreSQL)', env: { RESPONSE_CACHE_SECONDS: '0' } },
];
let api = await startApi(PASSES[0].env);
const fixtures = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/fixtures.ts', '50', '2000'], {
    cwd: root,
    env: { ...process.env, ...serverEnv, LOG_LEVEL: 'silent' },
    maxBuffer: 64 * 1024 * 1024,
  }).toString(),
);
if (fixtures.customers.length === 0 || fixtures.services.length === 0) {
  throw new Error('The database has no generated customers or services to benchmark with.');
}

const barePort = await freePort();
const bare = start(process.execPath, ['bench/bare-server.mjs'], { PORT: String(barePort) }, 'bare Fastify');
const bareBase = `http://127.0.0.1:${barePort}`;
await waitForHealth(bareBase, bare);

const words = ['screen', 'samsung', 'laptop', 'gas refill', 'mirpur', 'walton tv', 'battery', 'motherboard', 'iphone', 'fridge', 'hinge', 'inverter ac', 'sony', 'dhanmondi', 'charging port', 'washing'];
const tomorrow = new Date(Date.now() + 30 * 3600_000).toISOString().slice(0, 10);
const customer = cycle(fixtures.customers);
const service = cycle(fixtures.services);
const word = cycle(words);
const get = (p) => () => ({ method: 'GET', path: typeof p === 'function' ? p() : p });

const scenarios = [
  { name: 'list, first page', read: true, next: get('/api/services') },
  { name: 'list, with a search', read: true, search: true, next: get(() => `/api/services?search=${encodeURIComponent(word())}`) },
  { name: 'list, area + price sort', read: true, next: get('/api/services?area=Sylhet&sort=price-low') },
  { name: 'list, deep page (50)', read: true, next: get('/api/services?page=50') },
  { name: 'search call', read: true, search: true, next: get(() => `/api/search/${encodeURIComponent(word())}?limit=8`) },
  { name: 'service page', read: true, next: get(() => `/api/services/${service()}`) },
  {
    name: "a person's bookings",
    read: true,
    next: () => {
      const c = customer();
      return { method: 'GET', path: `/api/bookings/user/${encodeURIComponent(c.email)}`, headers: { authorization: `Bearer ${c.token}` } };
    },
  },
  {
    name: 'create a booking',
    read: false,
    next: () => ({
      method: 'POST',
      path: '/api/bookings',
      headers: { authorization: `Bearer ${customer().token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ serviceId: service(), serviceTakingDate: tomorrow, specialInstruction: 'Benchmark booking' }),
    }),
  },
];

const results = scenarios.map((sc) => ({ ...sc }));
const ceilingBefore = await measure(bareBase, get('/'));
console.log(`bare Fastify route: ${Math.round(ceilingBefore.rps)} req/s`);
for (const [i, pass] of PASSES.entries()) {
  if (i > 0) api = await startApi(pass.env);
  console.log(`\n${pass.label}`);
  for (const r of results) {
    r[pass.key] = await measure(api.base, r.next);
    const m = r[pass.key];
    console.log(`  ${r.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors`);
  }
  await api.stop();
}
const ceilingAfter = await measure(bareBase, get('/'));
const ceiling = (ceilingBefore.rps + ceilingAfter.rps) / 2;

// ---------------------------------------------------------------------------------------------
const pgVersion = fixtures.postgres;

const checks = [];
const check = (label, ok, figure) => checks.push({ label, ok, figure });
for (const pass of PASSES) {
  const of = (r) => r[pass.key];
  const tag = `[${pass.key}]`;
  check(`${tag} zero errors`, results.every((r) => of(r).errors === 0), `${results.reduce((n, r) => n + of(r).errors, 0)} errors`);
  for (const r of results.filter((x) => x.read)) check(`${tag} ${r.name}: p99 < 50 ms`, of(r).p99 < 50, `${of(r).p99} ms`);
  check(`${tag} list, first page >= 1/4 of the ceiling`, of(results[0]).rps >= ceiling / 4, (of(results[0]).rps / ceiling).toFixed(2));
  if (SERVICES >= 1_000_000) {
    for (const r of results.filter((x) => x.search)) check(`${tag} ${r.name}: p99 < 100 ms at 1,000,000`, of(r).p99 < 100, `${of(r).p99} ms`);
  }
}

const cpu = os.cpus();
const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}`;
const row = (cells) => `| ${cells.join(' | ')} |`;
const cells = (m) => [Math.round(m.rps), m.p50, m.p99, m.errors, (m.rps / ceiling).toFixed(2)];
const table = [
  row(['scenario', ...PASSES.flatMap((p) => [`${p.key} req/s`, 'p50 ms', 'p99 ms', 'errors', 'ratio'])]),
  row(['---', ...PASSES.flatMap(() => ['---:', '---:', '---:', '---:', '---:'])]),
  row(['bare Fastify route (ceiling)', Math.round(ceiling), '', '', '', '1.00', ...PASSES.slice(1).flatMap(() => ['', '', '', '', ''])]),
  ...results.map((r) => row([r.name, ...PASSES.flatMap((p) => cells(r[p.key]))])),
].join('\n');
const targets = checks.map((c) => `- ${c.ok ? 'PASS' : 'MISS'} ${c.label}: ${c.figure}`).join('\n');

console.log(`\nCeiling: ${Math.round(ceilingBefore.rps)} req/s before, ${Math.round(ceilingAfter.rps)} after (mean ${Math.round(ceiling)})\n`);
console.log(table);
console.log(`\nTargets:\n${targets}`);

if (!opts['no-write']) {
  const file = path.join(root, 'docs/performance.md');
  const heading = `## API at ${SERVICES.toLocaleString('en')} services`;
  const section = `${heading}

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine}; Node.js ${process.version}; PostgreSQL ${pgVersion}.
${CONNECTIONS} connections, ${DURATION} s per scenario after ${WARMUP} s of warm-up; the server in production mode with
warn-level logging; the ceiling is the mean of a bare Fastify route measured before (${Math.round(ceilingBefore.rps)} req/s)
and after (${Math.round(ceilingAfter.rps)} req/s) the scenarios. "cached" is the server as shipped (public answers
micro-cached for 5 s; counts per area and per search word cached for 30 s); "uncached" runs the same
scenarios with the micro-cache off (RESPONSE_CACHE_SECONDS=0), so every request reaches PostgreSQL.

Command: \`DATABASE_URL=postgres://... npm run bench -- --services ${SERVICES}\`

${table}

Targets:
${targets}
`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!doc.trim()) {
    doc = `# Performance\n\nFigures written by \`npm run bench\` (the API) and \`npm run bench:web\` (the pages); see the README.\n`;
  }
  const start = doc.indexOf(heading);
  if (start >= 0) {
    const end = doc.indexOf('\n## ', start + heading.length);
    doc = doc.slice(0, start) + section + (end >= 0 ? doc.slice(end + 1) : '');
  } else {
    doc = `${doc.trimEnd()}\n\n${section}`;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, doc);
  console.log(`\nWritten to ${path.relative(root, file)}`);
}
stopAll();
process.exit(0);
