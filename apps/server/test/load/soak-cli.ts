/**
 * `npm run soak`: concurrent clients over a real socket for `--seconds` (60), then every invariant
 * in SQL. The database is made (and dropped) on the PostgreSQL server of `--database-url`, else
 * TEST_DATABASE_URL, else 127.0.0.1:5432 when one answers; PGlite when there is no server.
 *
 *   npm run soak -- [--seconds 60] [--connections 40] [--services 5] [--database-url URL]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { testDatabaseUrl } from '../../src/env';
import { formatSoak, runSoak } from './soak';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '40' },
    services: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});

async function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const fallback = 'postgres://postgres@127.0.0.1:5432/postgres';
const serverUrl =
  values['database-url'] ?? testDatabaseUrl() ?? ((await serverAnswers(fallback)) ? fallback : undefined);
console.log(
  `soak: ${values.seconds} s, ${values.connections} clients, ${values.services} services, on ${serverUrl ?? 'PGlite'}`,
);
const report = await runSoak({
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  services: Number(values.services),
  serverUrl,
  log: console.log,
});
console.log(formatSoak(report));
const failed =
  report.bookingsAnswered201 === 0 ||
  report.serverErrors.length > 0 ||
  report.missingBookings > 0 ||
  report.invariants.some((i) => i.violations > 0);
console.log(failed ? 'soak: FAILED' : 'soak: every invariant holds, no 5xx');
process.exit(failed ? 1 : 0);
