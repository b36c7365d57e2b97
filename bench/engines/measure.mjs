/**
 * One engine in a process of its own (bench/engines/compare.mjs starts one per engine and run, so
 * the memory figures do not mix): builds it from the public services of a PostgreSQL database,
 * measures the build and the memory, then answers requests drawn fresh from bench/varied-requests.mjs
 * in this process (no HTTP), compares a sample of requests with the database path's answers and,
 * with --judged, answers the judged set instead. Prints one JSON line.
 *
 *   node --expose-gc --import tsx bench/engines/measure.mjs --engine minisearch --db URL [--server DIR]
 *        [--seconds 10] [--warmup 2] [--sample FILE] [--judged FILE] [--build-only]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { browsePath, headerSearchPath, SORTS } from '../varied-requests.mjs';
import { readCatalogue, slotsOf } from './catalogue.mjs';
import { judge, loadJudged } from './judged.mjs';
import { flexsearchEngine, minisearchEngine, oramaEngine } from './libraries.mjs';
import { loadServerCode } from './server-code.mjs';
import { readFileSync } from 'node:fs';
import os from 'node:os';

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string' },
    db: { type: 'string' },
    server: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    sample: { type: 'string' },
    judged: { type: 'string' },
    'build-only': { type: 'boolean', default: false },
  },
});

const started = performance.now();
const server = await loadServerCode(opts.server);
const database = await server.openDatabase({ databaseUrl: opts.db, poolSize: 4, migrate: false });
const db = database.db;
const quiet = { info() {}, warn: (obj, msg) => console.error(msg, obj) };

const gc = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
};
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

/** The hand-written index as the server runs it: SearchIndexSync builds it, listServices answers. */
async function ours() {
  const sync = new server.SearchIndexSync(db, quiet, 0);
  await sync.start();
  const index = await sync.current();
  if (!index) throw new Error('The search index was not built.');
  const cache = { get: (_key, compute) => compute(), invalidate() {}, invalidatePrefix() {} };
  return {
    name: 'ours (SearchIndex)',
    size: index.live,
    keep: sync,
    async query(q) {
      const r = await server.listServices(db, cache, q, index);
      return { services: r.services, total: r.total, capped: r.totalCapped };
    },
  };
}

const LIBRARIES = { flexsearch: flexsearchEngine, minisearch: minisearchEngine, orama: oramaEngine };

/** A library behind the same reading of the text, sort orders, area filter and count (catalogue.mjs). */
async function library(make, times) {
  let t = performance.now();
  const catalogue = await readCatalogue(server, db);
  times.readMs = performance.now() - t;
  t = performance.now();
  const engine = await make(catalogue);
  times.indexMs = performance.now() - t;
  catalogue.texts = null;
  return {
    name: engine.name,
    size: catalogue.size,
    keep: engine,
    async query(q) {
      const sort = q.sort ?? (q.search ? 'best' : 'newest');
      const offset = (q.page - 1) * q.limit;
      if (!q.search) return catalogue.list(q.area, sort, offset, q.limit);
      const slots = slotsOf(server, catalogue, q.search);
      if (slots.length === 0 || slots.some((s) => s.none)) return catalogue.answer([], 0, true);
      const { docs, scores } = await engine.match(slots);
      return catalogue.page(docs, scores, q.area, sort, offset, q.limit);
    },
  };
}

/** A request path of the varied mix as the list's query (the header search is the list's page 1, best match). */
export function queryOf(path) {
  const url = new URL(path, 'http://x');
  if (url.pathname.startsWith('/api/search/')) {
    return { search: decodeURIComponent(url.pathname.slice('/api/search/'.length)), sort: 'best', page: 1, limit: 8 };
  }
  const p = url.searchParams;
  return {
    search: p.get('search') ?? undefined,
    area: p.get('area') ?? undefined,
    sort: p.get('sort') ?? undefined,
    page: Number(p.get('page') ?? 1),
    limit: Number(p.get('limit') ?? 20),
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function drive(engine, next, seconds) {
  const latencies = [];
  const slowest = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const path = next();
    const q = queryOf(path);
    const t = performance.now();
    await engine.query(q);
    const took = performance.now() - t;
    latencies.push(took);
    if (slowest.length < 5 || took > slowest.at(-1).ms) {
      slowest.push({ ms: took, path });
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, 5);
    }
  }
  latencies.sort((a, b) => a - b);
  const busy = latencies.reduce((s, x) => s + x, 0);
  return {
    n: latencies.length,
    perSecond: latencies.length / (busy / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    slowest,
  };
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

async function agreement(engine, sample) {
  const out = {};
  for (const entry of sample) {
    const r = await engine.query(entry.q);
    const ids = r.services.map((s) => s._id);
    const count = r.total === entry.db.total && r.capped === entry.db.capped;
    const page = same(ids, entry.db.ids);
    const groups = [
      entry.kind,
      `${entry.kind}, ${entry.q.sort === 'best' || (entry.q.sort ?? 'best') === 'best' ? 'best match' : 'other sorts'}`,
    ];
    for (const g of groups) {
      const a = (out[g] ??= { n: 0, count: 0, page: 0, both: 0, examples: [] });
      a.n++;
      a.count += count;
      a.page += page;
      a.both += count && page;
      if (!(count && page) && a.examples.length < 5) {
        a.examples.push({
          q: entry.q,
          db: { total: entry.db.total, first: entry.db.names?.slice(0, 3) },
          engine: { total: r.total, first: r.services.slice(0, 3).map((s) => s.serviceName) },
        });
      }
    }
  }
  return out;
}

const loadBefore = os.loadavg()[0];
const before = memory();
const times = {};
const t0 = performance.now();
const engine = opts.engine === 'ours' ? await ours() : await library(LIBRARIES[opts.engine], times);
const buildMs = performance.now() - t0;
const after = memory();
const result = {
  engine: opts.engine,
  name: engine.name,
  services: engine.size,
  buildMs,
  ...times,
  sinceStartMs: performance.now() - started,
  memory: after,
  baseline: before,
};

if (opts.judged) {
  const judged = loadJudged(opts.judged);
  const failures = [];
  for (const j of judged) {
    const r = await engine.query({ search: j.query, page: 1, limit: 5 });
    const names = r.services.map((s) => s.serviceName);
    const verdict = judge(j, names);
    if (verdict) failures.push(`${j.query}: ${verdict} (got ${names.join(' | ') || 'nothing'})`);
  }
  result.judged = { n: judged.length, passed: judged.length - failures.length, failures };
} else if (!opts['build-only']) {
  const sorts = [...SORTS, 'best'];
  await drive(engine, () => (Math.random() < 0.5 ? browsePath(sorts) : headerSearchPath()), Number(opts.warmup));
  result.browse = await drive(engine, () => browsePath(sorts), Number(opts.seconds));
  result.header = await drive(engine, headerSearchPath, Number(opts.seconds));
  if (opts.sample) result.agreement = await agreement(engine, JSON.parse(readFileSync(opts.sample, 'utf8')));
}
result.memoryAtEnd = memory();
// The machine's load (1-minute average) when the engine started and ended: the cores are shared.
result.load = [loadBefore, os.loadavg()[0]];
console.log(JSON.stringify(result));
void engine.keep;
await database.close();
process.exit(0);
