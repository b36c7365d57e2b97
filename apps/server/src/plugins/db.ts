import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { createReadRouter, type ReadRouter } from '../db/read-routing';
import { createAggregateCache, type AggregateCache } from '../lib/aggregate-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary database: every write, and every read not made through `publicRead`. */
    db: Db;
    database: Database;
    /** Expensive counts and statistics, reused for a while (lib/aggregate-cache). */
    aggregates: AggregateCache;
    /** The read replica's router (DATABASE_READ_URL), null without a replica. */
    readRouter: ReadRouter | null;
    /**
     * Runs a public read (a list, a search, a service page, counts, statistics) on the read replica
     * when `request` is a visitor's (see `isVisitorRead`), otherwise on the primary; with the
     * aggregate cache of the database it runs on.
     */
    publicRead<T>(request: FastifyRequest, read: (db: Db, aggregates: AggregateCache) => Promise<T>): Promise<T>;
  }
}

/**
 * The read-routing rule. The replica answers a request only when all of these hold:
 * - it is a GET (or HEAD): a write never goes to the replica, nor anything a write handler reads;
 * - it carries no Authorization header: a signed-in caller (even with a token that turns out
 *   invalid) reads the primary, so whatever they read right after their own write includes it
 *   (read-your-writes), however far the replica lags; visitors never write;
 * - its route is a public read whose answer may be shared between visitors for a few seconds
 *   (`config.responseCache`): the same answers the micro-cache may already serve a little old.
 */
export function isVisitorRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.headers.authorization &&
    request.routeOptions.config.responseCache === true
  );
}

/**
 * Makes the opened database available to routes (the caller owns opening and closing it), with the
 * cache of aggregates. Counts keyed `services:` are made from the public services only; the
 * statistics (`stats:`) from services, bookings, reviews and users. With a read replica, visitors'
 * public reads go to it (their aggregates are cached apart, so a signed-in caller never gets a
 * figure computed on the replica), falling back to the primary while it is down.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; aggregateCacheSeconds: number }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.readiness.addCheck('database', async () => {
      await opts.database.db.execute(sql`select 1`);
      return 'ok';
    });
    const newAggregateCache = () =>
      createAggregateCache(opts.aggregateCacheSeconds * 1000, Date.now, 1000, () => app.invalidation.cachesEnabled);
    const aggregates = newAggregateCache();
    app.decorate('aggregates', aggregates);

    const replica = opts.database.replica;
    const router = replica ? createReadRouter({ primary: opts.database.db, replica: replica.db, log: app.log }) : null;
    const replicaAggregates = router ? newAggregateCache() : null;
    app.decorate('readRouter', router);
    if (router) {
      app.readiness.addCheck('replica', () => router.check());
      app.addHook('onClose', async () => router.close());
    }
    type Read<T> = (db: Db, cache: AggregateCache) => Promise<T>;
    app.decorate('publicRead', <T>(request: FastifyRequest, read: Read<T>) => {
      if (!router || !isVisitorRead(request)) return read(app.db, aggregates);
      return router.read((db, target) => read(db, target === 'replica' ? replicaAggregates! : aggregates));
    });

    app.invalidation.subscribe(({ resources, everything }) => {
      for (const cache of replicaAggregates ? [aggregates, replicaAggregates] : [aggregates]) {
        if (everything || resources.includes('services')) cache.invalidate();
        else if (resources.some((r) => r !== 'sessions')) cache.invalidatePrefix('stats:');
      }
    });
  },
);
