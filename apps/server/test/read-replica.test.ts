import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { withReplica, type Database } from '../src/db/client';
import { createReadRouter } from '../src/db/read-routing';
import { users } from '../src/db/schema';
import { createService, freshDatabase, newUser, type TestUser } from './helpers';
import { closedPort, config, metric, names } from './read-replica-kit';

/**
 * The read replica (DATABASE_READ_URL). On PostgreSQL (TEST_DATABASE_URL) the test makes two
 * databases: the primary, and a "replica" migrated alike but holding other rows and read-only like
 * a hot standby, so every answer tells which database gave it. A replica that cannot be reached is
 * checked on every run (on PGlite the primary is the embedded database, which the configuration
 * does not allow with a replica, but the routing does not depend on it).
 */

describe('a read replica that cannot be reached', () => {
  let primary: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let provider: TestUser;
  let serviceId: string;

  beforeAll(async () => {
    primary = await freshDatabase();
    const port = await closedPort();
    database = withReplica(primary.database, { readUrl: `postgres://postgres@127.0.0.1:${port}/replica`, poolSize: 2 });
    app = await buildApp(config, database);
    await app.ready();
    provider = await newUser(app, { displayName: 'Nasima Akter' });
    serviceId = (await createService(app, provider, { serviceName: 'Refrigerator Gas Refill' }))._id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await primary?.drop();
  });

  it('answers visitors from the primary (200s), counts one fallback, and /api/ready stays ready with the replica down', async () => {
    expect(app.readRouter!.up).toBe(true);
    const list = await app.inject({ method: 'GET', url: '/api/services' });
    expect(list.statusCode).toBe(200);
    expect(names(list)).toEqual(['Refrigerator Gas Refill']);
    // The first read found the replica down and was answered by the primary; the next ones go straight there.
    expect(app.readRouter!.up).toBe(false);
    for (const url of [
      `/api/services/${serviceId}`,
      '/api/search/refrigerator',
      '/api/services/areas',
      '/api/services/categories',
      '/api/stats',
      '/api/bookings/stats',
      '/api/reviews/stats',
      '/api/reviews/recent',
      `/api/reviews/service/${serviceId}`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/stats' })).json()).toMatchObject({
      totalServices: 1,
      totalProviders: 1,
    });
    expect(await metric(app, 'meramot_replica_fallbacks_total')).toBe(1);
    expect(await metric(app, 'meramot_replica_up')).toBe(0);

    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', replica: 'down', redis: 'off', search: 'ok' });
  });
});

/** A "replica" that accepts connections and cuts them at once (a server going down), counting them. */
async function cuttingServer() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the read router', () => {
  it('logs once when the replica goes down, asks it again only in the background, and passes on other errors', async () => {
    const primary = await freshDatabase();
    const cutter = await cuttingServer();
    const database = withReplica(primary.database, {
      readUrl: `postgres://postgres@127.0.0.1:${cutter.port}/replica`,
      poolSize: 1,
    });
    const lines: string[] = [];
    const log = {
      warn: (_: object, msg: string) => void lines.push(`warn ${msg}`),
      info: (msg: string) => void lines.push(`info ${msg}`),
    };
    // Asked again every 250 ms: long enough that the reads below finish before a retry on a busy machine.
    const router = createReadRouter({ primary: database.db, replica: database.replica!.db, log, retryMs: 250 });
    let fallbacks = 0;
    router.onFallback(() => fallbacks++);
    try {
      const read = () => router.read(async (db, target) => (await db.select().from(users), target));
      const first = await read();
      // The replica was tried and the primary answered; one line logged.
      expect(first).toBe('primary');
      expect(fallbacks).toBe(1);
      expect(cutter.connections).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(/^warn read replica not answering; visitors' reads go to the primary/),
      ]);
      // While it is down, reads go straight to the primary: nothing waits for the replica.
      expect(await Promise.all(Array.from({ length: 5 }, read))).toEqual(Array(5).fill('primary'));
      expect(fallbacks).toBe(1);
      expect(cutter.connections).toBe(1);
      // In the background it is asked again every 250 ms; still down, nothing more is logged.
      await new Promise((r) => setTimeout(r, 1100));
      expect(cutter.connections).toBeGreaterThanOrEqual(3);
      expect(lines).toHaveLength(1);
      expect(await router.check()).toBe('down');
      expect(router.up).toBe(false);
    } finally {
      router.close();
      await database.close();
      await cutter.close();
      await primary.drop();
    }
    // A replica that answers: an error that is not the replica's failing (a 404, a bad query) is the caller's, not retried.
    const fresh = await freshDatabase();
    const same = createReadRouter({ primary: fresh.database.db, replica: fresh.database.db, log });
    try {
      let runs = 0;
      await expect(same.read(() => (runs++, Promise.reject(new Error('not a database error'))))).rejects.toThrow(
        'not a database error',
      );
      expect(runs).toBe(1);
      expect(same.up).toBe(true);
    } finally {
      same.close();
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
