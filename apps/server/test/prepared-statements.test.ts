import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectPostgres, queryRows, type Database } from '../src/db/client';
import { createService, freshDatabase, newUser, testConfig } from './helpers';

/**
 * DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode): signed-in calls (the session
 * lookup, a person's bookings) leave no named statement on the server connection, which another
 * client's transaction might reach. Through PgBouncer the named ones turned 403 of 500 signed-in
 * calls into 401. On PGlite (no server) the named path is checked to work as before.
 */
let close = async () => {};
let database: Database;
let url: string | undefined;
beforeAll(async () => {
  const fresh = await freshDatabase();
  url = fresh.url;
  database = fresh.database;
  close = fresh.drop;
});
afterAll(async () => {
  await database.close();
  await close();
});

it('serves signed-in calls, service and provider pages with named statements off, none prepared on the connection', async () => {
  const unnamed = url ? connectPostgres({ databaseUrl: url, poolSize: 1, preparedStatements: false }) : database;
  const config = testConfig({ SEED_DEMO: 'auto', AGGREGATE_CACHE_SECONDS: '30', RESPONSE_CACHE_SECONDS: '5' });
  const app = await buildApp(config, unnamed);
  try {
    const user = await newUser(app);
    for (const path of ['/api/users/me', `/api/bookings/user/${encodeURIComponent(user.email)}`, '/api/bookings']) {
      const res = await app.inject({ method: 'GET', url: path, headers: user.auth });
      expect(res.statusCode, path).toBe(200);
    }
    // The service page's reads (the service, its photos, its reviews) are prepared too, and so are
    // the provider page's (their profile, services and reviews, pages past the first included).
    const service = await createService(app, user, {});
    for (const path of [
      `/api/services/${service._id}`,
      `/api/reviews/service/${service._id}`,
      `/api/providers/${user.id}`,
      `/api/providers/${user.id}/services?page=1&limit=8`,
      `/api/providers/${user.id}/reviews?page=2&limit=8`,
    ]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
    }
    const profile = (await app.inject({ method: 'GET', url: `/api/providers/${user.id}` })).json();
    expect(profile).toMatchObject({ id: user.id, serviceCount: 1, reviewCount: 0, rating: null });
    const listed = await app.inject({ method: 'GET', url: `/api/providers/${user.id}/services?page=1&limit=8` });
    expect(listed.json().map((s: { _id: string }) => s._id)).toEqual([service._id]);
    expect(listed.headers['x-total-count']).toBe('1');
    if (url) {
      const rows = await queryRows<{ name: string }>(unnamed.db, sql`SELECT name FROM pg_prepared_statements`);
      expect(rows).toEqual([]);
    }
  } finally {
    await app.close();
    if (unnamed !== database) await unnamed.close();
  }
});
