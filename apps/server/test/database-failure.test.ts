import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectPostgres } from '../src/db/client';
import { testConfig } from './helpers';

/** A 503 with Retry-After and a JSON `{ error }`. */
function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a few seconds.' });
}

describe('a database that cannot be reached', () => {
  const database = connectPostgres({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', poolSize: 2 });
  // The caches on, as shipped.
  const config = testConfig({
    AGGREGATE_CACHE_SECONDS: '30',
    RESPONSE_CACHE_SECONDS: '5',
    SESSION_CACHE_SECONDS: '10',
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
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
