#!/usr/bin/env node
// `npm run bench`: the API at scale, with requests drawn fresh for every call. Tops the PostgreSQL
// database in DATABASE_URL up to --services services (npm run seed), starts the server against it
// (production mode, micro-cache on as shipped, its own process) and a bare Fastify route (the
// ceiling, another process), drives each scenario with autocannon, prints req/s, p50 / p99, errors,
// the share of distinct URLs and the ratios to the service page and the ceiling, checks the targets
// of issue 10 and writes docs/performance.md (one section per catalogue size).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/meramot_bench npm run bench [-- --services 1000000]
//   options: --services N (100000)  --duration S (10)  --connections C (50)  --warmup S (2)
//            --only TEXT (scenarios whose name contains TEXT, e.g. varied; implies --no-write, but for the Photos section)  --no-write
//            --streams N (10000: the event streams the "streams" scenario holds open)
//
//   Issue 19's scenarios run last (before the ceiling's second measurement): "messages" sends
//   messages drawn per request (bench/messages.mjs); "streams" holds --streams event streams open
//   and raises events for their holders, alone and during the varied browsing (bench/streams.mjs).
//   `--only messages` / `--only streams` measure the service page and the ceiling around them.
//
//   Issue 23's photo scenarios (bench/photos.mjs) run between the rendered pages and the service
//   page's second measurement: a 4000 × 3000 phone photo uploaded and processed 1 and 4 at a time,
//   then its variants served. They write the "Photos" section of docs/performance.md, `--only
//   photos` too (with the service page and the ceiling around them; --no-write keeps it unwritten).
//
//   npm run bench -- --cluster [--services N]: the varied read scenarios through HAProxy to 1, 2 and
//   3 instances of the cluster `npm run cluster` starts (its own PostgreSQL, no DATABASE_URL needed);
//   writes the "Cluster" section of docs/performance.md (bench/cluster.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  freePort,
  importTs,
  root,
  SERVER_NODE_ARGS,
  stopProcess,
  waitForHealth,
  webBuildForBench,
} from '../scripts/lib.mjs';
import { measure, settle, waitForSearchIndex } from './load.mjs';
import { benchMessages, messageDrawer } from './messages.mjs';
import { photoBench, PHOTOS, SHARP } from './photos.mjs';
import { checkTargets, rate, references, table, targetLines, writePhotosSection, writeSection } from './report.mjs';
import { measureBothStarts } from './startup.mjs';
import { benchStreams, liveReport, MEMORY_PROBE_ARGS, withFileLimit } from './streams.mjs';
import {
  allServicesPagePath,
  BROWSE_MIX,
  browsePath,
  describeMix,
  describePlaces,
  HEADER_MIX,
  headerSearchPath,
  pick,
  publicPagePath,
  samePlaces,
  SORTS,
} from './varied-requests.mjs';

const { values: opts } = parseArgs({
  options: {
    services: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    streams: { type: 'string', default: '10000' },
    cluster: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 26)
      .join('\n')
      .replace(/^\/\/ ?/gm, ''),
  );
  process.exit(0);
}
const SERVICES = Number(opts.services);
const STREAMS = Number(opts.streams);
const load = { duration: Number(opts.duration), connections: Number(opts.connections), warmup: Number(opts.warmup) };
for (const [name, value] of Object.entries({ services: SERVICES, streams: STREAMS, ...load })) {
  if (!Number.isFinite(value) || value < 0 || (name !== 'warmup' && value === 0)) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
}
if (opts.cluster) {
  const { benchCluster } = await import('./cluster.mjs');
  await benchCluster({ services: SERVICES, load, write: !opts['no-write'] });
  process.exit(0);
}
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL || !/^postgres(ql)?:\/\//.test(DATABASE_URL)) {
  console.error(
    'npm run bench needs a PostgreSQL server: set DATABASE_URL, e.g.\n' +
      '  createdb meramot_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/meramot_bench npm run bench',
  );
  process.exit(2);
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

// ---------------------------------------------------------------------------------------------
console.log(
  `Meramot API benchmark: ${SERVICES.toLocaleString('en')} services, ${load.connections} connections, ${load.duration} s per scenario\n`,
);
const startedAt = new Date();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
execFileSync(npm, ['run', 'seed', '--silent', '--', '--services', String(SERVICES)], {
  cwd: root,
  env: { ...process.env, DATABASE_URL },
  stdio: 'inherit',
});

// Issue 19's scenarios (their names are matched by --only like the others').
const LIVE = {
  messages: 'messages: send one, a booking and author drawn per request',
  streams: `streams: ${STREAMS.toLocaleString('en')} event streams open, events raised for their holders`,
  idle: `streams: a service page, ${STREAMS.toLocaleString('en')} streams open`,
  browsing: 'streams: browse, varied (visitor), events flowing',
};
const wanted = (name) => !opts.only || name.includes(opts.only);
const wantsStreams = wanted(LIVE.streams);
const wantsLive = wantsStreams || wanted(LIVE.messages);
/** The server's limits the live scenarios keep to: messages a minute per person, streams per person. */
async function liveLimits() {
  const [{ MESSAGES_PER_MINUTE }, { loadConfig }] = await Promise.all([
    importTs('packages/shared/src/notification.ts'),
    importTs('apps/server/src/env.ts'),
  ]);
  const config = loadConfig({ ...process.env, ...serverEnv, LOG_LEVEL: 'silent' });
  return { MESSAGES_PER_MINUTE, LIVE_STREAMS_PER_USER: config.notifications.streamsPerUser };
}

const serverEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL,
  JWT_SECRET: randomBytes(48).toString('base64url'),
  RATE_LIMIT_MAX: '0',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'never',
  FIREBASE_AUTH_EMULATOR_HOST: '',
};
serverEnv.WEB_DIST = webBuildForBench();
// A new instance's first seconds (issue 21), twice on a data directory of their own: the search
// index built from the database (and written to disk), then read back from that snapshot. The
// server of the scenarios starts from it too.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-bench-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
serverEnv.DATA_DIR = dataDir;
const STARTUP_SECONDS = 6;
const startups = opts.only
  ? []
  : await measureBothStarts({ env: serverEnv, seconds: STARTUP_SECONDS, connections: load.connections });

// The server as shipped (micro-cache of public answers on); its migrations run at start. For the
// streams scenario it may hold --streams more open files, and answers SIGUSR2 with its memory.
const apiPort = await freePort();
const serverCommand = wantsStreams
  ? withFileLimit(
      process.execPath,
      [...SERVER_NODE_ARGS, ...MEMORY_PROBE_ARGS, 'apps/server/src/server.ts'],
      STREAMS + 2048,
    )
  : { command: process.execPath, args: [...SERVER_NODE_ARGS, 'apps/server/src/server.ts'] };
const server = start(serverCommand.command, serverCommand.args, { ...serverEnv, PORT: String(apiPort) }, 'server');
const base = `http://127.0.0.1:${apiPort}`;
await waitForHealth(`${base}/api/health`, server, 150_000);
// The server builds its in-memory search index after it starts (the database answers searches
// meanwhile): the figures are of the index, so wait for it (X-Search-Index: on).
const indexWait = await waitForSearchIndex(base, 900_000);
console.log(`Search index ready after ${indexWait.toFixed(1)} s.`);

const fixtures = JSON.parse(
  // 400 customers: the bookings scenario spreads over them, as each may hold at most 30 pending bookings.
  // Issue 19's scenarios: bookings (one per customer) whose parties get sessions, enough for the
  // streams' holders and for the messages to stay under the per-person limit.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/fixtures.ts', '400', '100000', ...(wantsLive ? [String(Math.max(2500, STREAMS))] : [])],
    {
      cwd: root,
      env: { ...process.env, ...serverEnv, LOG_LEVEL: 'silent' },
      maxBuffer: 256 * 1024 * 1024,
    },
  ).toString(),
);
if (fixtures.customers.length === 0 || fixtures.services.length === 0) {
  throw new Error('The database has no generated customers or services to benchmark with.');
}

// Issue 23: the photos are uploaded by the customers in turn.
const photos = photoBench({ base, server, tokens: fixtures.customers.map((c) => c.token), log: console.log });

const barePort = await freePort();
const bare = start(process.execPath, ['bench/bare-server.mjs'], { PORT: String(barePort) }, 'bare Fastify');
const bareBase = `http://127.0.0.1:${barePort}`;
await waitForHealth(bareBase, bare);

// `best` (relevance) is drawn as a sort only when this server knows it.
const probe = await fetch(`${base}/api/services?search=x&sort=best`);
const sorts = probe.status === 200 ? [...SORTS, 'best'] : SORTS;
console.log(
  `Sorts drawn: ${sorts.join(', ')}${probe.status === 200 ? '' : ` (sort=best answered ${probe.status}: not drawn)`}`,
);
// Issue 24: the districts and areas drawn are this checkout's (apps/server/src/places): the server's list must be the same.
if (!samePlaces(await (await fetch(`${base}/api/places`)).json())) {
  throw new Error('GET /api/places is not the list of places the varied requests are drawn from.');
}

const cycle = (items) => {
  let i = 0;
  return () => items[i++ % items.length];
};
const customer = cycle(fixtures.customers.slice(0, 50));
const booker = cycle(fixtures.customers);
const signedIn = () => ({ authorization: `Bearer ${pick(fixtures.customers).token}` });
const get = (path, headers) => () => ({ method: 'GET', path: path(), ...(headers ? { headers: headers() } : {}) });
const servicePage = get(() => `/api/services/${pick(fixtures.services)}`);
let providerDraws = 0;
const tomorrow = new Date(Date.now() + 30 * 3600_000).toISOString().slice(0, 10);

// In running order; the references (ceiling, service page) are measured before and after the varied scenarios.
const scenarios = [
  { name: 'bare Fastify route, before', role: 'ceiling', at: bareBase, next: get(() => '/') },
  { name: 'a service page, before', role: 'service', next: servicePage },
  { name: 'browse, varied (visitor)', role: 'browse', next: get(() => browsePath(sorts)) },
  { name: 'header search, varied (visitor)', role: 'header', next: get(headerSearchPath) },
  { name: 'browse, varied (signed in)', role: 'browse', next: get(() => browsePath(sorts), signedIn) },
  { name: 'header search, varied (signed in)', role: 'header', next: get(headerSearchPath, signedIn) },
  // Issue 22: the public pages as HTML rendered on the server, each request a page not asked before
  // (a service's or provider's page at random, All Services with the varied browsing's query), half
  // of them in Bangla.
  { name: 'a service page, rendered', role: 'page-service', next: get(() => publicPagePath(fixtures.pages.services)) },
  {
    name: 'a provider page, rendered',
    role: 'page-provider',
    // The bulk seed has few providers whose ids are valid UUIDs (some hundreds): their pages alone
    // repeat within seconds, and the micro-cache answered more than half of them. A query string
    // the page ignores makes each address new, so each is read and rendered.
    next: get(() => `${publicPagePath(fixtures.pages.providers)}?draw=${++providerDraws}`),
  },
  {
    name: 'All Services page, rendered, varied',
    role: 'page-list',
    next: get(() => allServicesPagePath(sorts)),
  },
  // Issue 23: a phone photo processed, then the variants of the photos uploaded served (next to the service page).
  { name: PHOTOS.single, role: 'photo-upload', run: () => photos.uploads(PHOTOS.single, 'single', 1) },
  { name: PHOTOS.together, role: 'photo-upload', run: () => photos.uploads(PHOTOS.together, 'together', 4) },
  { name: PHOTOS.serving, role: 'photo-serving', run: () => photos.serving(PHOTOS.serving, load, measure) },
  { name: 'a service page, after', role: 'service', next: servicePage },
  { name: 'list, first page (one URL, micro-cached)', role: 'other', next: get(() => '/api/services') },
  {
    name: "a person's bookings",
    role: 'other',
    next: () => {
      const c = customer();
      return {
        method: 'GET',
        path: `/api/bookings/user/${encodeURIComponent(c.email)}`,
        headers: { authorization: `Bearer ${c.token}` },
      };
    },
  },
  {
    name: 'create a booking',
    role: 'other',
    next: () => ({
      method: 'POST',
      path: '/api/bookings',
      headers: { authorization: `Bearer ${booker().token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: pick(fixtures.services),
        serviceTakingDate: tomorrow,
        specialInstruction: 'Benchmark booking',
      }),
    }),
  },
  { name: LIVE.messages, role: 'live', run: () => runMessages() },
  { name: LIVE.streams, role: 'live', run: () => runStreams() },
  { name: 'bare Fastify route, after', role: 'ceiling', at: bareBase, next: get(() => '/') },
];
let chosen = opts.only ? scenarios.filter((s) => s.name.includes(opts.only)) : scenarios;
// Issue 19's, 22's and 23's scenarios alone, and the varied ones (`--only varied`, `--only rendered`),
// are measured next to the (JSON) service page and the ceiling of the same run.
const besideReferences = (s) =>
  s.role === 'live' ||
  s.role.startsWith('photo') ||
  s.role.startsWith('page') ||
  s.role === 'browse' ||
  s.role === 'header';
if (opts.only && chosen.some(besideReferences) && !chosen.some((s) => s.role === 'service')) {
  const named = (name) => scenarios.find((s) => s.name === name);
  chosen = [
    ...new Set([
      named('bare Fastify route, before'),
      named('a service page, before'),
      ...chosen,
      named('a service page, after'),
      named('bare Fastify route, after'),
    ]),
  ];
}
if (chosen.length === 0) {
  console.error(
    `No scenario's name contains "${opts.only}". Scenarios:\n${scenarios.map((s) => `  ${s.name}`).join('\n')}`,
  );
  process.exit(2);
}

// Issue 19: one drawer of messages for both scenarios, so no author goes over the per-person limit.
const { MESSAGES_PER_MINUTE, LIVE_STREAMS_PER_USER } = fixtures.live ? await liveLimits() : {};
const drawer = fixtures.live
  ? messageDrawer(fixtures.live.pairs, fixtures.live.people, {
      perMinute: MESSAGES_PER_MINUTE,
      tag: randomBytes(4).toString('hex'),
    })
  : null;
const runMessages = () => {
  console.log(
    `  messages: over ${fixtures.live.pairs.length.toLocaleString('en')} bookings and ${drawer.authors.toLocaleString('en')} authors, at most ${MESSAGES_PER_MINUTE} a minute each`,
  );
  return benchMessages({ name: LIVE.messages, base, drawer, load, measure });
};
const runStreams = () =>
  benchStreams({
    names: LIVE,
    base,
    server,
    live: fixtures.live,
    streams: STREAMS,
    perPerson: LIVE_STREAMS_PER_USER,
    perMinute: MESSAGES_PER_MINUTE,
    tag: randomBytes(4).toString('hex'),
    drawer,
    load,
    servicePage,
    browse: get(() => browsePath(sorts)),
    measure,
    settle: () => settle(`${base}/api/services/${pick(fixtures.services)}`, signedIn()),
    log: console.log,
  });

console.log(`Browse mix: ${describeMix(BROWSE_MIX)}; ${describePlaces()}; any sort or none, page 1-3.`);
console.log(`Header search mix: ${describeMix(HEADER_MIX)}.`);
const loadBefore = os.loadavg()[0];
console.log(`Load average (1 min) of the machine: ${loadBefore.toFixed(1)}\n`);
for (const sc of chosen) {
  // A scenario with `run` measures itself and answers its table rows (issue 19's).
  sc.rows = sc.run
    ? await sc.run()
    : [{ name: sc.name, role: sc.role, result: await measure(sc.at ?? base, sc.next, load) }];
  for (const { name, result: m } of sc.rows) {
    console.log(
      `  ${name}: ${rate(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors (${m.timeouts} timeouts), ${m.non2xx} non-2xx, ` +
        `${(m.distinct * 100).toFixed(1)} % distinct URLs (${m.calls} drawn for ${m.sent} sent), ${(m.cached * 100).toFixed(1)} % from the micro-cache`,
    );
  }
  // Requests autocannon gave up on may still run on the server: the next scenario starts when they are done.
  const waited = await settle(`${base}/api/services/${pick(fixtures.services)}`, signedIn());
  if (waited > 2) console.log(`    (the server took ${waited.toFixed(0)} s to finish the requests left over)`);
}
await photos.cleanup();
await stopProcess(server);

// ---------------------------------------------------------------------------------------------
const rows = chosen.flatMap((sc) => sc.rows ?? []);
const refs = references(rows);
const checks = checkTargets(rows, SERVICES, refs);
const figures = table(rows, refs);
const targets = targetLines(checks);
const liveFigures = rows
  .filter((r) => r.live || r.note)
  .map((r) => `\n\n${r.live ? liveReport(r) : r.note}`)
  .join('');
console.log(`\n${figures}${liveFigures}\n\nTargets:\n${targets}`);

const cpu = os.cpus();
const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}`;
const loadAfter = os.loadavg()[0];
if (!opts['no-write'] && !opts.only) {
  const at = (name) => Math.round(rows.find((s) => s.name === name).result.rps);
  const file = writeSection(
    root,
    SERVICES,
    `
Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine}; Node.js ${process.version}; PostgreSQL ${fixtures.postgres}.
Load average (1 min) of the machine: ${loadBefore.toFixed(1)} before the scenarios, ${loadAfter.toFixed(1)} after them (other work shares the cores).
${load.connections} connections, ${load.duration} s per scenario after ${load.warmup} s of warm-up; the server as shipped
(production mode, warn-level logging, public answers micro-cached for 5 s). The varied scenarios draw
every request afresh: "browse" is \`/api/services\` with ${describeMix(BROWSE_MIX)};
${describePlaces()}; a sort among ${sorts.join(', ')} or none, page 1-3. "header search" is
\`/api/search/{text}?limit=8\` with ${describeMix(HEADER_MIX)}. "signed in" sends a customer's
bearer token (the micro-cache never answers those). "distinct URLs" is the share of the measured
requests whose URL had not been drawn before in that scenario (warm-up included); "micro-cache" the
share answered from it. The service page (a random one of ${fixtures.services.length.toLocaleString('en')} ids each call) is
the in-run reference: ${at('a service page, before')} req/s before and ${at('a service page, after')} after (mean ${Math.round(refs.servicePage)});
the ceiling, a bare Fastify route: ${at('bare Fastify route, before')} before and ${at('bare Fastify route, after')} after (mean ${Math.round(refs.ceiling)}).

Command: \`DATABASE_URL=postgres://... npm run bench -- --services ${SERVICES}${STREAMS === 10000 ? '' : ` --streams ${STREAMS}`}\`

A new instance's first seconds (bench/startup.mjs; times from the process's spawn, the plain list
\`/api/services?limit=20\` and the varied browsing for ${STARTUP_SECONDS} s each, first at once and then settled):

${startups.join('\n\n')}

${figures}${liveFigures}

Targets:
${targets}
`,
  );
  console.log(`\nWritten to ${file}`);
}
if (photos.measured) {
  const section = photos.section({
    rows,
    command: `DATABASE_URL=postgres://... npm run bench -- --services ${SERVICES}${opts.only ? ` --only ${opts.only}` : ''}`,
    head: `Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC at ${SERVICES.toLocaleString('en')} services. Machine: ${machine}; Node.js ${process.version}; ${SHARP}; PostgreSQL ${fixtures.postgres}.
Load average (1 min) of the machine: ${loadBefore.toFixed(1)} before the scenarios, ${loadAfter.toFixed(1)} after them (other work shares the cores).
The server as shipped (production mode, the disk store under a fresh DATA_DIR); ${load.connections} connections, ${load.duration} s after ${load.warmup} s of warm-up for the autocannon scenarios.`,
  });
  console.log(`\n${section}`);
  if (!opts['no-write']) console.log(`\nWritten to ${writePhotosSection(root, section)}`);
}
stopAll();
process.exit(0);
