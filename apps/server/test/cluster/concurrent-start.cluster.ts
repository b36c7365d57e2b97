import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { loadConfig } from '../../src/env';
import { seedDemoIfEmpty } from '../../src/seed/demo';
import { EMULATOR_HOST } from '../../src/tooling/emulator';
import { freshDatabase } from '../helpers';
import { TEST_PROJECT_ID } from '../identity';
import { clusterServerUrl } from './cluster-env';

/**
 * Five instances started at the same moment on an empty database, each doing what server.ts does
 * (open the database: migrations under the advisory lock; build the app; seed the demo data when
 * empty): one set of migrations, one demo seed, all five answer /api/health. Before the lock, 11 of
 * 24 instances started together exited on duplicate-key errors of racing migrations.
 */
const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};
const opened: Database[] = [];
let drop = async () => {};
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
  await drop();
});

it('five instances start together on an empty database: one migration run, one seed, all healthy', async () => {
  const empty = await freshDatabase(clusterServerUrl(), 1);
  // freshDatabase migrates; start from a truly empty database instead.
  await empty.database.db.execute(sql`DROP SCHEMA public CASCADE; DROP SCHEMA drizzle CASCADE; CREATE SCHEMA public`);
  await empty.database.close();
  drop = empty.drop;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: empty.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    LOG_LEVEL: 'silent',
    DATABASE_POOL_SIZE: '4',
  });
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), warn: () => {}, error: (m: string) => logged.push(`error: ${m}`) };

  const health = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, ...config.database });
      opened.push(database);
      const app = await buildApp(config, database);
      await seedDemoIfEmpty(database.db, config, log as never);
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      await app.close();
      return res.statusCode;
    }),
  );

  expect(health).toEqual([200, 200, 200, 200, 200]);
  const db = opened[0]!.db;
  const [migrations] = await queryRows<{ n: number; distinct: number }>(
    db,
    sql`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations`,
  );
  expect(migrations).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  const [counts] = await queryRows<{ services: number; paused: number }>(
    db,
    sql`SELECT count(*)::int AS services, count(*) FILTER (WHERE status = 'paused')::int AS paused FROM services`,
  );
  // The demo marketplace once: 49 services, 2 of them paused (README, "Demo logins").
  expect(counts).toEqual({ services: 49, paused: 2 });
  expect(logged.filter((m) => m.startsWith('error'))).toEqual([]);
  expect(logged.filter((m) => /seeded|demo/i.test(m))).toHaveLength(1);
});
