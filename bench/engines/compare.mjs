#!/usr/bin/env node
// The hand-written search index against npm search libraries (issue 21, item 7): for each
// database and engine, the build time and memory (each engine in a process of its own), the
// varied requests' throughput and latency in process, agreement with the database path on a
// sample of requests, and the judged set. Prints the tables of docs/search-engines.md and writes
// every figure as JSON.
//
//   node bench/engines/compare.mjs --db postgres://postgres@127.0.0.1:5432/meramot_bench100k \
//        --db postgres://postgres@127.0.0.1:5432/meramot_bench1m \
//        --demo postgres://postgres@127.0.0.1:5432/meramot_engines_demo --ours fda8134
//
//   --db URL        a seeded database (npm run seed -- --services N); repeat for each size
//   --demo URL      a database holding the demo catalogue only, for the judged set: createdb
//                   meramot_engines_demo && DATABASE_URL=postgres://.../meramot_engines_demo npm run seed
//   --ours REV      the commit whose server code is measured ("ours", the database path, the text
//                   reading the libraries share); default: the working tree
//   --engines LIST  ours,flexsearch,minisearch,orama (default: all)
//   --build-only LIST  of those, the engines measured for build and memory only (no requests)
//   --runs N (3)  --seconds S (10, per mix)  --warmup S (2)
//   --sample N (200 list requests with a search)  --header-sample N (100 header searches)
//   --out FILE (search-engines.json in the system's temp folder)
//   --report FILE   prints the tables again from the JSON of an earlier run (repeatable), runs nothing
//
// The database path answers the sample through the HTTP API of that commit's server, started
// with SEARCH_INDEX=off; an engine agrees on a request when its count (capped at 1,000 as the
// list reports it) and its page (the services' ids, in order) are the database's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, root, SERVER_NODE_ARGS, stopProcess, waitForHealth } from '../../scripts/lib.mjs';
import { browsePath, headerSearchPath, SORTS } from '../varied-requests.mjs';
import { judgedSource, snapshotOf } from './server-code.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', multiple: true, default: [] },
    demo: { type: 'string' },
    ours: { type: 'string' },
    engines: { type: 'string', default: 'ours,flexsearch,minisearch,orama' },
    'build-only': { type: 'string', default: '' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    sample: { type: 'string', default: '200' },
    'header-sample': { type: 'string', default: '100' },
    out: {
      type: 'string',
      default: path.join(os.tmpdir(), 'search-engines.json'),
    },
    report: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help || (opts.db.length === 0 && !opts.demo && !opts.report)) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 26)
      .join('\n')
      .replace(/^\/\/ ?/gm, ''),
  );
  process.exit(opts.help ? 0 : 2);
}
const ENGINES = opts.engines.split(',');
const BUILD_ONLY = new Set(opts['build-only'].split(',').filter(Boolean));
const RUNS = Number(opts.runs);
const snapshot = opts.ours ? snapshotOf(opts.ours) : null;
const serverDir = snapshot?.dir ?? root;
const measureScript = path.join(root, 'bench/engines/measure.mjs');
const CHILD_ARGS = ['--expose-gc', ...SERVER_NODE_ARGS, '--max-old-space-size=16384'];

if (!opts.report)
  console.log(
    `Search engines compared on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}; ` +
      `ours and the database path from ${snapshot ? `commit ${snapshot.commit.slice(0, 12)}` : 'the working tree'}.`,
  );

/** Runs the measurement of one engine in a process of its own; resolves with its JSON. */
function measure(engine, db, extra) {
  return new Promise((resolve, reject) => {
    const args = [...CHILD_ARGS, measureScript, '--engine', engine, '--db', db, '--server', serverDir, ...extra];
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line?.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`${engine} exited ${code}:\n${err.slice(-3000)}${out.slice(-1000)}`));
    });
  });
}

async function publicServices(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM services WHERE status = 'active' AND deleted_at IS NULL`,
  );
  await client.end();
  return rows[0].n;
}

/** The sample's requests answered by the database path (the server of `serverDir`, SEARCH_INDEX=off). */
async function databaseAnswers(url, file) {
  const sorts = [...SORTS, 'best'];
  const sample = [];
  while (sample.length < Number(opts.sample)) {
    const p = browsePath(sorts);
    if (p.includes('search=')) sample.push({ kind: 'list', path: p });
  }
  for (let i = 0; i < Number(opts['header-sample']); i++) {
    const text = decodeURIComponent(headerSearchPath().slice('/api/search/'.length).split('?')[0]);
    sample.push({
      kind: 'header',
      path: `/api/services?search=${encodeURIComponent(text)}&sort=best&limit=8`,
    });
  }
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SEARCH_INDEX: 'off',
      RESPONSE_CACHE_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const times = [];
  try {
    await waitForHealth(`${base}/api/health`, server, 150_000);
    for (const entry of sample) {
      const t = performance.now();
      const res = await fetch(base + entry.path);
      const body = await res.json();
      times.push(performance.now() - t);
      if (res.headers.get('x-search-index') !== 'off') throw new Error('The database path answered with the index on.');
      if (!res.ok) throw new Error(`${entry.path}: ${res.status} ${JSON.stringify(body)}`);
      const q = new URL(entry.path, base).searchParams;
      entry.q = {
        search: q.get('search') ?? undefined,
        area: q.get('area') ?? undefined,
        sort: q.get('sort') ?? undefined,
        page: Number(q.get('page') ?? 1),
        limit: Number(q.get('limit') ?? 20),
      };
      entry.db = {
        ids: body.services.map((s) => s._id),
        names: body.services.map((s) => s.serviceName),
        total: body.total,
        capped: body.totalCapped,
      };
    }
  } finally {
    await stopProcess(server);
  }
  writeFileSync(file, JSON.stringify(sample));
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.floor(times.length * 0.99)],
  };
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : undefined;
};
const get = (obj, keys) => keys.split('.').reduce((o, k) => o?.[k], obj);
const MB = (b) => (b === undefined ? '–' : `${Math.round(b / 2 ** 20).toLocaleString('en')} MB`);
const s1 = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);
const ms = (x) => (x === undefined ? '–' : x < 10 ? `${x.toFixed(2)} ms` : `${Math.round(x)} ms`);
const rate = (x) => (x === undefined ? '–' : Math.round(x).toLocaleString('en'));

/** The median of every figure over the runs, per engine (agreement and slowest: the first run's). */
function summarise(size) {
  return Object.entries(size.runs).map(([engine, rs]) => {
    const m = (k) => median(rs.map((r) => get(r, k)));
    return {
      engine,
      name: rs[0].name,
      runs: rs.length,
      buildMs: m('buildMs'),
      readMs: m('readMs'),
      indexMs: m('indexMs'),
      rss: m('memory.rss'),
      added: median(rs.map((r) => r.memory.rss - r.baseline.rss)),
      heapUsed: m('memory.heapUsed'),
      browse: rs[0].browse && {
        perSecond: m('browse.perSecond'),
        p50: m('browse.p50'),
        p99: m('browse.p99'),
      },
      header: rs[0].header && {
        perSecond: m('header.perSecond'),
        p50: m('header.p50'),
        p99: m('header.p99'),
      },
      agreement: rs[0].agreement,
    };
  });
}

/** The tables of docs/search-engines.md for one catalogue size. */
function printTables(size) {
  const rows = summarise(size);
  const runs = [...new Set(rows.map((r) => r.runs))].join(' or ');
  console.log(
    `\n${size.services.toLocaleString('en')} public services, medians of ${runs} runs; the database path ` +
      `(HTTP, one request at a time, the agreement sample): p50 ${ms(size.database.p50)}, p99 ${ms(size.database.p99)}\n`,
  );
  console.log('| engine | build (read + index) | RSS | RSS added by the build | heap used |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    const split = r.readMs === undefined ? '' : ` (${s1(r.readMs)} + ${s1(r.indexMs)})`;
    console.log(`| ${r.name} | ${s1(r.buildMs)}${split} | ${MB(r.rss)} | ${MB(r.added)} | ${MB(r.heapUsed)} |`);
  }
  console.log('\n| engine | list: queries/s | list: p50 / p99 | header: queries/s | header: p50 / p99 |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    if (!r.browse) continue;
    console.log(
      `| ${r.name} | ${rate(r.browse.perSecond)} | ${ms(r.browse.p50)} / ${ms(r.browse.p99)} | ` +
        `${rate(r.header.perSecond)} | ${ms(r.header.p50)} / ${ms(r.header.p99)} |`,
    );
  }
  const a = (x) => (x ? `${Math.round((100 * x.both) / x.n)} %` : '–');
  const detail = (x) => (x ? `${Math.round((100 * x.count) / x.n)} % / ${Math.round((100 * x.page) / x.n)} %` : '–');
  console.log(
    '\n| engine | list: exact agreement | list: count / page | list, best match | list, other sorts | header: exact agreement | header: count / page |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const g = r.agreement;
    if (!g) continue;
    console.log(
      `| ${r.name} | ${a(g.list)} of ${g.list.n} | ${detail(g.list)} | ${a(g['list, best match'])} of ${g['list, best match']?.n} | ` +
        `${a(g['list, other sorts'])} of ${g['list, other sorts']?.n} | ${a(g.header)} of ${g.header.n} | ${detail(g.header)} |`,
    );
  }
}

function printJudged(judged) {
  console.log('\n| engine | judged queries passed |');
  console.log('|---|---|');
  for (const j of judged) console.log(`| ${j.name} | ${j.passed} of ${j.n} |`);
  for (const j of judged) for (const f of j.failures) console.log(`  ${j.name} failed: ${f}`);
}

if (opts.report) {
  for (const file of opts.report) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    console.log(`\n== ${file}: started ${saved.started}, ours from ${saved.ours} ==`);
    for (const size of saved.sizes) printTables(size);
    if (saved.judged.length) printJudged(saved.judged);
  }
  process.exit(0);
}

const results = {
  started: new Date().toISOString(),
  ours: snapshot?.commit ?? 'working tree',
  sizes: [],
  judged: [],
};

for (const url of opts.db) {
  const services = await publicServices(url);
  console.log(`\n== ${services.toLocaleString('en')} public services (${url.replace(/\/\/[^@]*@/, '//')}) ==`);
  const sampleFile = path.join(os.tmpdir(), `search-engines-sample-${services}.json`);
  const dbTimes = await databaseAnswers(url, sampleFile);
  console.log(
    `database path (HTTP, one at a time): ${dbTimes.n} requests, p50 ${ms(dbTimes.p50)}, p99 ${ms(dbTimes.p99)}`,
  );
  const runs = Object.fromEntries(ENGINES.map((e) => [e, []]));
  for (let run = 0; run < RUNS; run++) {
    // Each run in another order, so no engine always follows the same one.
    const order = ENGINES.map((_, i) => ENGINES[(i + run) % ENGINES.length]);
    for (const engine of order) {
      const r = await measure(engine, url, [
        '--seconds',
        opts.seconds,
        '--warmup',
        opts.warmup,
        ...(run === 0 ? ['--sample', sampleFile] : []),
        ...(BUILD_ONLY.has(engine) ? ['--build-only'] : []),
      ]);
      runs[engine].push(r);
      console.log(
        `  run ${run + 1} ${engine}: built in ${s1(r.buildMs)}, RSS ${MB(r.memory.rss)}, heap ${MB(r.memory.heapUsed)}, ` +
          (r.browse
            ? `list ${rate(r.browse.perSecond)}/s p99 ${ms(r.browse.p99)}, header ${rate(r.header.perSecond)}/s p99 ${ms(r.header.p99)}`
            : 'no requests (--build-only)'),
      );
    }
  }
  const size = { services, database: dbTimes, runs };
  results.sizes.push(size);
  printTables(size);
  writeFileSync(opts.out, JSON.stringify(results, null, 1));
}

if (opts.demo) {
  console.log('\n== The judged set (demo catalogue) ==');
  for (const engine of ENGINES) {
    const r = await measure(engine, opts.demo, ['--judged', judgedSource(serverDir)]);
    results.judged.push({ engine, name: r.name, ...r.judged });
  }
  printJudged(results.judged);
}
writeFileSync(opts.out, JSON.stringify(results, null, 1));
console.log(`\nEvery figure: ${opts.out}`);
