import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectPostgres } from '../src/db/client';
import { loadConfig } from '../src/env';
import { EMULATOR_HOST } from '../src/tooling/emulator';
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
