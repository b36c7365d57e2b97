import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/cluster/launch';
import { startServer, waitReady, type ServerProcess } from '../../scripts/cluster/server-process';
import { planDemo } from '../../src/seed/demo-plan';
import { EMULATOR_HOST } from '../../src/tooling/emulator';
import { freshDatabase } from '../helpers';
import { TEST_PROJECT_ID } from '../identity';
import { clusterServerUrl } from './cluster-env';

/**
 * Five server processes (src/server.ts, as `npm run start:prod` runs it) started at the same moment
 * on an empty database, each migrating under the advisory lock and seeding the demo data when
 * empty: one set of migrations, one demo seed, all five ready. Before the lock, 11 of 24 instances
 * started together exited on duplicate-key errors of racing migrations.
 */
const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};
const servers: ServerProcess[] = [];
let drop = async () => {};
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await drop();
});

it('five processes start together on an empty database: one migration run, one seed, all ready', async () => {
  const empty = await freshDatabase(clusterServerUrl(), 1);
  // freshDatabase migrates; start from a truly empty database instead.
  await empty.database.db.execute(sql`DROP SCHEMA public CASCADE; DROP SCHEMA drizzle CASCADE; CREATE SCHEMA public`);
  await empty.database.close();
  drop = empty.drop;
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: empty.url!,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    SEED_DEMO: 'auto',
    MIGRATE_ON_START: 'true',
    DATABASE_POOL_SIZE: '4',
    LOG_LEVEL: 'info',
  };
  const started = performance.now();
  for (let i = 0; i < 5; i++) servers.push(startServer(await freePort(), env));
  await Promise.all(servers.map((s) => waitReady(s, 120_000)));
  console.log(`five processes ready ${((performance.now() - started) / 1000).toFixed(1)} s after their start`);

  const messages = servers.flatMap((s) =>
    s
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string }),
  );
  expect(messages.filter((m) => m.level >= 50)).toEqual([]);
  expect(messages.filter((m) => m.msg.startsWith('Demo data seeded'))).toHaveLength(1);

  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  const migrations = await client.query(
    'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
  );
  expect(migrations.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  const counts = await client.query(
    "SELECT count(*)::int AS services, count(*) FILTER (WHERE status = 'paused')::int AS paused FROM services",
  );
  await client.end();
  // The demo marketplace once.
  const plan = planDemo(new Date());
  expect(counts.rows[0]).toEqual({
    services: plan.services.length,
    paused: plan.services.filter((s) => s.status === 'paused').length,
  });
});
