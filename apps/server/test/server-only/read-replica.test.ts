import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { withReplica, type Database } from '../../src/db/client';
import { createReadRouter } from '../../src/db/read-routing';
import { services, users } from '../../src/db/schema';
import { testDatabaseUrl } from '../../src/env';
import { book, createService, freshDatabase, newUser, servicePayload, type TestUser } from '../helpers';
import { config, metric, names, relay } from '../read-replica-kit';

/** On a PostgreSQL server (TEST_DATABASE_URL): see ../read-replica.test.ts. */
const serverUrl = testDatabaseUrl()!;

describe('a read replica on PostgreSQL (a second database holding other rows)', () => {
  let primary: Awaited<ReturnType<typeof freshDatabase>>;
  let replica: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let provider: TestUser;
  let customer: TestUser;
  let primaryServiceId: string;
  const replicaServiceId = '00000000-0000-4000-8000-00000000a11a';
  let link: ReturnType<typeof relay>;

  beforeAll(async () => {
    link = relay(new URL(serverUrl!));
    primary = await freshDatabase(serverUrl);
    replica = await freshDatabase(serverUrl);
    // The replica's rows: a provider with two services the primary does not have.
    const [owner] = await replica.database.db
      .insert(users)
      .values({ firebaseUid: 'replica-only', email: 'replica.only@example.com', displayName: 'Replica Owner' })
      .returning();
    const row = (name: string, id?: string) => ({
      ...servicePayload({ serviceName: name, providerName: 'Replica Owner' }),
      ...(id ? { id } : {}),
      providerId: owner!.id,
    });
    await replica.database.db
      .insert(services)
      .values([row('Laptop Keyboard Replacement', replicaServiceId), row('Ceiling Fan Repair')]);
    // Read-only like a hot standby: a write sent there would fail.
    const name = new URL(replica.url!).pathname.slice(1);
    await replica.database.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await admin.end();

    await link.start();
    const replicaUrl = new URL(replica.url!);
    replicaUrl.port = String(link.port);
    database = withReplica(primary.database, { readUrl: replicaUrl.toString(), poolSize: 4 });
    app = await buildApp(config, database);
    await app.ready();
    provider = await newUser(app, { displayName: 'Primary Provider' });
    customer = await newUser(app, { displayName: 'Primary Customer' });
    primaryServiceId = (await createService(app, provider, { serviceName: 'Refrigerator Gas Refill' }))._id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await link?.stop().catch(() => undefined);
    await primary?.drop();
    await replica?.drop();
  });

  it('answers visitors’ lists, searches, service pages, counts and statistics from the replica', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/services?sort=name' });
    expect(list.statusCode).toBe(200);
    expect(names(list)).toEqual(['Ceiling Fan Repair', 'Laptop Keyboard Replacement']);
    expect(names(await app.inject({ method: 'GET', url: '/api/services?search=laptop' }))).toEqual([
      'Laptop Keyboard Replacement',
    ]);

    const search = await app.inject({ method: 'GET', url: '/api/search/keyboard' });
    expect((search.json() as Array<{ _id: string }>).map((s) => s._id)).toEqual([replicaServiceId]);
    expect((await app.inject({ method: 'GET', url: '/api/search/refrigerator' })).json()).toEqual([]);

    const page = await app.inject({ method: 'GET', url: `/api/services/${replicaServiceId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ serviceName: 'Laptop Keyboard Replacement', providerName: 'Replica Owner' });

    const stats = await app.inject({ method: 'GET', url: '/api/stats' });
    expect(stats.json()).toMatchObject({ totalServices: 2, totalProviders: 1, totalUsers: 1 });
    expect((await app.inject({ method: 'GET', url: '/api/services/areas' })).json()).toEqual([
      { area: 'Dhaka', count: 2 },
    ]);
    expect(await metric(app, 'meramot_db_replica_queries_total')).toBeGreaterThan(0);
    expect(await metric(app, 'meramot_replica_fallbacks_total')).toBe(0);
  });

  it('answers a signed-in caller from the primary: their own new service and booking at once', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/services', headers: provider.auth });
    expect(names(list)).toEqual(['Refrigerator Gas Refill']);
    const page = await app.inject({ method: 'GET', url: `/api/services/${primaryServiceId}`, headers: customer.auth });
    expect(page.statusCode).toBe(200);
    // The replica does not have it (a lagging replica would not either): a visitor gets 404.
    expect((await app.inject({ method: 'GET', url: `/api/services/${primaryServiceId}` })).statusCode).toBe(404);

    const booking = await book(app, customer, primaryServiceId);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/bookings/user/${encodeURIComponent(customer.email)}`,
      headers: customer.auth,
    });
    expect((mine.json() as Array<{ _id: string }>).map((b) => b._id)).toEqual([booking._id]);
    const stats = await app.inject({ method: 'GET', url: '/api/stats', headers: customer.auth });
    expect(stats.json()).toMatchObject({ totalServices: 1, totalBookings: 1, totalUsers: 2 });
    const search = await app.inject({ method: 'GET', url: '/api/search/refrigerator', headers: customer.auth });
    expect((search.json() as Array<{ _id: string }>).map((s) => s._id)).toEqual([primaryServiceId]);
    // A token that is not valid still keeps the caller on the primary (the optional sign-in is ignored).
    const forged = await app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(200);
    expect(names(forged)).toEqual(['Refrigerator Gas Refill']);
  });

  it('keeps the caches apart with them on as shipped: figures computed on the replica never reach a signed-in caller', async () => {
    const cached = await buildApp({ ...config, responseCacheSeconds: 5, aggregateCacheSeconds: 30 }, database);
    try {
      const visitor = () => cached.inject({ method: 'GET', url: '/api/stats' });
      const signedIn = () => cached.inject({ method: 'GET', url: '/api/stats', headers: customer.auth });
      expect((await visitor()).json()).toMatchObject({ totalServices: 2, totalUsers: 1 });
      expect((await visitor()).headers['x-cache']).toBe('hit');
      const primaryStats = (await signedIn()).json() as { totalServices: number; totalUsers: number };
      expect(primaryStats.totalServices).toBe(1);
      // After a write of their own, the writer reads it at once; visitors keep the replica's figures.
      const pump = await createService(cached, provider, { serviceName: 'Water Pump Installation' });
      expect((await signedIn()).json()).toMatchObject({ totalServices: primaryStats.totalServices + 1 });
      expect(
        names(await cached.inject({ method: 'GET', url: '/api/services?search=pump', headers: provider.auth })),
      ).toEqual(['Water Pump Installation']);
      expect((await visitor()).json()).toMatchObject({ totalServices: 2 });
      expect(names(await cached.inject({ method: 'GET', url: '/api/services?search=pump' }))).toEqual([]);
      const removed = await cached.inject({
        method: 'DELETE',
        url: `/api/services/${pump._id}`,
        headers: provider.auth,
      });
      expect(removed.statusCode).toBe(200);
    } finally {
      await cached.close();
    }
  });

  it('sends no write to the replica: POST, PUT, PATCH and DELETE leave its pool untouched', async () => {
    const before = await metric(app, 'meramot_db_replica_queries_total');
    const created = await createService(app, provider, { serviceName: 'Washing Machine Service' });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/services/${created._id}`,
      headers: provider.auth,
      payload: { status: 'paused' },
    });
    expect(put.statusCode).toBe(200);
    const booking = await book(app, customer, primaryServiceId);
    const status = await app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking._id}/status`,
      headers: provider.auth,
      payload: { status: 'working', serviceStatus: 'working' },
    });
    expect(status.statusCode).toBe(200);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: customer.auth,
      payload: { displayName: 'Renamed' },
    });
    expect(profile.statusCode).toBe(200);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/services/${created._id}`,
      headers: provider.auth,
      payload: {},
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/services/${created._id}`, headers: provider.auth })).statusCode,
    ).toBe(200);
    const pending = await book(app, customer, primaryServiceId);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/bookings/${pending._id}`, headers: customer.auth })).statusCode,
    ).toBe(200);
    // Anonymous writes are refused before reaching any database.
    expect((await app.inject({ method: 'POST', url: '/api/services', payload: servicePayload() })).statusCode).toBe(
      401,
    );
    expect(await metric(app, 'meramot_db_replica_queries_total')).toBe(before);

    // They went to the primary.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/services/provider/${encodeURIComponent(provider.email)}`,
      headers: provider.auth,
    });
    expect(names(mine)).toEqual(['Refrigerator Gas Refill']);
    // And the replica, read-only like a hot standby, would have refused them.
    await expect(
      database.replica!.db.insert(users).values({ firebaseUid: 'x', email: 'x@example.com' }),
    ).rejects.toThrow();
  });

  it('finds the replica again in the background, logging once when it goes and once when it is back', async () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, msg: string) => void lines.push(`warn ${msg}`),
      info: (msg: string) => void lines.push(`info ${msg}`),
    };
    const router = createReadRouter({ primary: database.db, replica: database.replica!.db, log, retryMs: 100 });
    const read = () =>
      router.read(async (db, target) => ({
        target,
        names: (await db.select().from(services)).map((r) => r.serviceName),
      }));
    try {
      expect((await read()).target).toBe('replica');
      await link.stop();
      const during = await read();
      expect(during.target).toBe('primary');
      expect(during.names).toContain('Refrigerator Gas Refill');
      await link.start();
      for (let i = 0; i < 50 && !router.up; i++) await new Promise((r) => setTimeout(r, 50));
      expect(router.up).toBe(true);
      const after = await read();
      expect(after.target).toBe('replica');
      expect(after.names.sort()).toEqual(['Ceiling Fan Repair', 'Laptop Keyboard Replacement']);
      expect(lines).toEqual([
        expect.stringMatching(/^warn read replica not answering/),
        "info read replica answers again; visitors' reads go to it",
      ]);
    } finally {
      router.close();
    }
  });

  it('falls back to the primary while the replica is down, reports it in /api/ready, and returns to it once it answers', async () => {
    await link.stop();
    const list = await app.inject({ method: 'GET', url: '/api/services' });
    expect(list.statusCode).toBe(200);
    expect(names(list)).toEqual(['Refrigerator Gas Refill']);
    for (const url of [
      '/api/search/refrigerator',
      `/api/services/${primaryServiceId}`,
      '/api/stats',
      '/api/services/areas',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(await metric(app, 'meramot_replica_fallbacks_total')).toBeGreaterThanOrEqual(1);
    expect(app.readRouter!.up).toBe(false);
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ status: 'ready', database: 'ok', replica: 'down', redis: 'off', search: 'ok' });

    await link.start();
    // The next readiness check (or the background retry) finds it again; visitors read it again.
    const up = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(up.json()).toEqual({ status: 'ready', database: 'ok', replica: 'ok', redis: 'off', search: 'ok' });
    expect(app.readRouter!.up).toBe(true);
    expect(names(await app.inject({ method: 'GET', url: '/api/services?sort=name' }))).toEqual([
      'Ceiling Fan Repair',
      'Laptop Keyboard Replacement',
    ]);
  });
});
