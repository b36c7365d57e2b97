#!/usr/bin/env node
// How long the places backfill (issue 24: apps/server/src/places/backfill.ts, which every instance
// runs in the background after migration 0011) holds up a live catalogue: runs the server's own
// backfillPlaces on the database in DATABASE_URL while one connection reads a booking with its
// service and another updates a booking, every 5 ms (as bench/migration-lock.mjs does), and prints
// the batches, the time of the batches and of the two index builds (CONCURRENTLY), and the longest
// read and write wait, overall and while the indexes were built. The budget: no read or booking
// held up more than 1 s at a time.
//
// --seconds N stops the batches after N s (between two batches, as a closing server does), then
// builds the indexes all the same and projects the whole fill from the rate so far; the fill goes on
// where it stopped on the next run (or the next start of a server).
//
// The database must have services left to fill: right after migration 0011 (on a copy of a
// catalogue from before it), or with --reset, which puts a filled catalogue back as it was then
// (the two columns, their indexes and the progress table dropped, migration 0011 applied again).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/a_copy node bench/place-backfill.mjs [--reset]
//   options: --reset  --batch N (the server's BACKFILL_BATCH, 200)  --pause MS (20: the least pause; the
//            server's backfill pauses as long as the batch took, at least that)
//            --seconds N (no limit)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { importTs, root } from '../scripts/lib.mjs';

const { values: opts } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    batch: { type: 'string' },
    pause: { type: 'string', default: '20' },
    seconds: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const url = process.env.DATABASE_URL;
if (opts.help || !url) {
  console.error('usage: DATABASE_URL=postgres://... node bench/place-backfill.mjs [--reset] [--batch N] [--pause MS]');
  process.exit(opts.help ? 0 : 2);
}

const [{ backfillPlaces, buildPlaceIndexes, BACKFILL_BATCH, PLACE_INDEXES }, { openDatabase }] = await Promise.all([
  importTs('apps/server/src/places/backfill.ts'),
  importTs('apps/server/src/db/client.ts'),
]);
const batchSize = Number(opts.batch ?? BACKFILL_BATCH);
const pauseMs = Number(opts.pause);
const limitMs = opts.seconds ? Number(opts.seconds) * 1000 : Infinity;

const [reader, writer, admin] = [0, 1, 2].map(() => new pg.Client({ connectionString: url }));
await Promise.all([reader, writer, admin].map((c) => c.connect()));
const count = async (query) => Number((await admin.query(query)).rows[0].n);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (opts.reset) {
  // Dropping the two columns (and the indexes on them) is instant and rewrites no row; so is applying
  // the migration again. (Setting a million districts back to NULL with UPDATE would cost as much as
  // the backfill itself: every index of the row written again.)
  const t0 = performance.now();
  await admin.query('ALTER TABLE services DROP COLUMN IF EXISTS district, DROP COLUMN IF EXISTS place_areas');
  await admin.query('DROP TABLE IF EXISTS place_backfill');
  const migration = fs.readFileSync(path.join(root, 'apps/server/drizzle/0011_service_places.sql'), 'utf8');
  await admin.query('BEGIN');
  for (const statement of migration.split('--> statement-breakpoint')) await admin.query(statement);
  await admin.query('COMMIT');
  console.log(
    `Reset: the place columns dropped and migration 0011 applied again in ${seconds(performance.now() - t0)}.`,
  );
}

const services = await count('SELECT count(*) AS n FROM services');
const toFill = await count(
  `SELECT count(*) AS n FROM services WHERE district IS NULL AND created_at <= (SELECT before FROM place_backfill)`,
);
const bookings = await count('SELECT count(*) AS n FROM bookings');
if (toFill === 0) {
  console.error('No service is left to fill: run it right after migration 0011, or with --reset.');
  process.exit(2);
}
console.log(
  `The places backfill on ${services.toLocaleString('en')} services (${toFill.toLocaleString('en')} to fill) and ${bookings.toLocaleString('en')} bookings: ` +
    `${batchSize} services a transaction, a pause as long as the batch (at least ${pauseMs} ms) between them, then the indexes CONCURRENTLY.`,
);

// The traffic: a booking read with its service, a booking updated, each every 5 ms on its connection.
const { rows: ids } = await reader.query('SELECT id FROM bookings ORDER BY random() LIMIT 500');
let stop = false;
let phase = 'batches';
const waits = { reads: [], writes: [] };
const loop = async (client, query, times) => {
  for (let i = 0; !stop; i += 1) {
    const t0 = performance.now();
    await client.query(query, [ids[i % ids.length].id]);
    times.push({ ms: performance.now() - t0, phase });
    await new Promise((r) => setTimeout(r, 5));
  }
};
const loops = [
  loop(
    reader,
    'SELECT b.id, s.service_name, s.district FROM bookings b JOIN services s ON s.id = b.service_id WHERE b.id = $1',
    waits.reads,
  ),
  loop(writer, 'UPDATE bookings SET special_instruction = special_instruction WHERE id = $1', waits.writes),
];
await new Promise((r) => setTimeout(r, 500));

// After the last batch come one empty batch and the index builds: an index being built shows in
// pg_stat_progress_create_index (polled on a connection of its own), which starts the phase "indexes".
const watcher = new pg.Client({ connectionString: url });
await watcher.connect();
let stopWatching = false;
let indexesFrom = null;
const watching = (async () => {
  while (!stopWatching) {
    const { rows } = await watcher.query(
      `SELECT count(*)::int AS n FROM pg_stat_progress_create_index WHERE relid = 'services'::regclass`,
    );
    if (rows[0].n > 0 && phase !== 'indexes') {
      phase = 'indexes';
      indexesFrom = performance.now();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await watcher.end();
})();

const database = await openDatabase({ databaseUrl: url, migrate: false });
const started = performance.now();
let batches = 0;
let lastBatchAt = started;
let longestBatch = 0;
let lastBatch = 0;
let progressAt = started;
let cut = false;
let filled = await backfillPlaces(database, {
  batch: batchSize,
  pauseMs,
  stopped: () => (cut ||= performance.now() - started > limitMs),
  onBatch: () => {
    const now = performance.now();
    batches += 1;
    // The time between two batches' ends is the pause after the last one (as long as it took, at
    // least pauseMs) and this batch.
    lastBatch = now - lastBatchAt - (batches > 1 ? Math.max(pauseMs, lastBatch) : 0);
    longestBatch = Math.max(longestBatch, lastBatch);
    lastBatchAt = now;
    if (now - progressAt > 15_000) {
      progressAt = now;
      console.log(`  ${seconds(now - started)}: ${batches} batches`);
    }
  },
});
// Stopped by --seconds: the indexes are built all the same (the next run goes on with the batches).
if (cut) await buildPlaceIndexes(database);
const total = performance.now() - started;
stopWatching = true;
await watching;
await new Promise((r) => setTimeout(r, 500));
stop = true;
await Promise.all(loops);
await database.close();

const indexes = await admin.query(
  `SELECT c.relname AS name, i.indisvalid AS valid, pg_size_pretty(pg_relation_size(c.oid)) AS size
   FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ANY($1)`,
  [Object.keys(PLACE_INDEXES)],
);
const left = await count(
  `SELECT count(*) AS n FROM services WHERE district IS NULL AND created_at <= (SELECT before FROM place_backfill)`,
);
await Promise.all([reader, writer, admin].map((c) => c.end()));

const batchesMs = lastBatchAt - started;
// The index builds from when the first was seen (within 0.1 s of its start) to the end.
const indexMs = indexesFrom === null ? 0 : total - (indexesFrom - started);
const stats = (list) => {
  const ms = list.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return {
    n: ms.length,
    p50: at(0.5).toFixed(1),
    p99: at(0.99).toFixed(1),
    max: (ms.at(-1) ?? 0).toFixed(0),
    over1s: ms.filter((x) => x > 1000).length,
  };
};
const during = (list, which) => stats(list.filter((t) => t.phase === which));
const r = stats(waits.reads);
const w = stats(waits.writes);
const projection = cut
  ? `\n  stopped after ${seconds(batchesMs)} (--seconds): at ${Math.round((filled / batchesMs) * 1000).toLocaleString('en')} services a second, ` +
    `all ${toFill.toLocaleString('en')} would take ${seconds((toFill / filled) * batchesMs)} of batches (${Math.ceil(toFill / batchSize).toLocaleString('en')} batches)`
  : '';
console.log(`
filled ${filled.toLocaleString('en')} services in ${batches.toLocaleString('en')} batches (${left.toLocaleString('en')} left); total ${seconds(total)}:
  the batches ${seconds(batchesMs)} (the longest ${longestBatch.toFixed(0)} ms), then the two index builds (CONCURRENTLY) ${seconds(indexMs)}${projection}
  indexes: ${indexes.rows.map((i) => `${i.name} ${i.valid ? 'valid' : 'INVALID'} ${i.size}`).join(', ')}
reads  (a booking with its service): ${r.n.toLocaleString('en')}, p50 ${r.p50} ms, p99 ${r.p99} ms, longest ${r.max} ms, ${r.over1s} over 1 s
writes (a booking updated):          ${w.n.toLocaleString('en')}, p50 ${w.p50} ms, p99 ${w.p99} ms, longest ${w.max} ms, ${w.over1s} over 1 s
  while the indexes were built: longest read ${during(waits.reads, 'indexes').max} ms, longest write ${during(waits.writes, 'indexes').max} ms
${r.over1s + w.over1s === 0 ? 'PASS' : 'MISS'} no read or booking held up more than 1 s: the longest read waited ${r.max} ms, the longest write ${w.max} ms`);
