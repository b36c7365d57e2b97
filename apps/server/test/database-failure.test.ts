import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectPostgres, queryRows } from '../src/db/client';
import { loadConfig, testDatabaseUrl } from '../src/env';
import { EMULATOR_HOST } from '../src/tooling/emulator';
import { createService, createTestApp, newUser } from './helpers';
import { TEST_PROJECT_ID } from './identity';

/** A 503 with Retry-After and a JSON `{ error }`. */
function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a few seconds.' });
}

describe('a database that cannot be reached', () => {
  const database = connectPostgres({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', poolSize: 2 });
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
  });
  const appPromise = buildApp(config, database);
  afterAll(async () => {
    await (await appPromise).close();
    await database.close();
  });

  it('answers 503 with Retry-After and {error} to public calls and the health check, never 500', async () => {
    const app = await appPromise;
    for (const url of ['/api/services', `/api/services/${randomUUID()}`, '/api/health', '/api/stats']) {
      expectUnavailable(await app.inject({ method: 'GET', url }));
    }
  });

  it('answers 503, not 401, to a valid session whose lookup fails', async () => {
    const app = await appPromise;
    const token = await app.signSessionToken(randomUUID(), randomUUID(), new Date(Date.now() + 3600_000));
    const headers = { authorization: `Bearer ${token}` };
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/auth/verify', headers }));
    expectUnavailable(
      await app.inject({ method: 'POST', url: '/api/services', headers, payload: { serviceName: 'x' } }),
    );
    // A token that is not valid is still 401: nothing needs the database to refuse it.
    const forged = await app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
  });
});

const serverUrl = testDatabaseUrl();

describe.runIf(serverUrl)('a PostgreSQL server that ends the pool’s connections', () => {
  it('keeps the process alive and the next request works (pg_terminate_backend of the idle connections)', async () => {
    const t = await createTestApp();
    try {
      const user = await newUser(t.app);
      await createService(t.app, user);
      // Fill the pool with idle connections.
      await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/services' })));
      const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
      const name = row!.name;

      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));

      const list = await t.app.inject({ method: 'GET', url: '/api/services' });
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBe(1);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(me.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
