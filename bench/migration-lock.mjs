#!/usr/bin/env node
// How long a migration blocks reads and writes of a live catalogue: runs the migration's statements
// in one transaction (as the migrator does) on the database in DATABASE_URL while one connection
// reads a booking with its service and another updates a booking, every 5 ms, and prints each
// statement's time and the longest read and write. For a database that is a copy: it applies the
// migration (a second run finds it applied: IF NOT EXISTS).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/a_copy node bench/migration-lock.mjs apps/server/drizzle/0007_booking_flow.sql
import fs from 'node:fs';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const file = process.argv[2];
if (!url || !file) {
  console.error('usage: DATABASE_URL=postgres://... node bench/migration-lock.mjs <migration.sql>');
  process.exit(2);
}
const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
const [reader, writer, migrator] = [0, 1, 2].map(() => new pg.Client({ connectionString: url }));
await Promise.all([reader, writer, migrator].map((c) => c.connect()));
const { rows: ids } = await reader.query('SELECT id FROM bookings ORDER BY random() LIMIT 200');
const [{ n }] = (await reader.query('SELECT count(*)::int AS n FROM bookings')).rows;
let stop = false;
const loop = async (client, query, times) => {
  for (let i = 0; !stop; i += 1) {
    const t0 = performance.now();
    await client.query(query, [ids[i % ids.length].id]);
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
};
const reads = [];
const writes = [];
const loops = [
  loop(
    reader,
    'SELECT b.id, s.service_name FROM bookings b JOIN services s ON s.id = b.service_id WHERE b.id = $1',
    reads,
  ),
  loop(writer, 'UPDATE bookings SET special_instruction = special_instruction WHERE id = $1', writes),
];
await new Promise((r) => setTimeout(r, 500));
console.log(`${file} on ${n.toLocaleString('en')} bookings`);
const started = performance.now();
await migrator.query('BEGIN');
for (const statement of statements) {
  const t0 = performance.now();
  await migrator.query(statement);
  const first = statement.split('\n').find((l) => l.trim() && !l.startsWith('--')) ?? '';
  console.log(`${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${first.trim().slice(0, 100)}`);
}
await migrator.query('COMMIT');
const total = performance.now() - started;
await new Promise((r) => setTimeout(r, 500));
stop = true;
await Promise.all(loops);
const max = (xs) => Math.max(...xs).toFixed(0);
console.log(
  `the transaction held its locks ${total.toFixed(0)} ms; the longest read waited ${max(reads)} ms (${reads.length} reads), the longest write ${max(writes)} ms (${writes.length} writes)`,
);
await Promise.all([reader, writer, migrator].map((c) => c.end()));
