import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { createAggregateCache, type AggregateCache } from '../lib/aggregate-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    /** Expensive counts and statistics, reused for a while (lib/aggregate-cache). */
    aggregates: AggregateCache;
  }
}

/**
 * Makes the opened database available to routes (the caller owns opening and closing it), with the
 * cache of aggregates. Counts keyed `services:` are made from the public services only; the
 * statistics (`stats:`) from services, bookings, reviews and users.
 */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database; aggregateCacheSeconds: number }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.readiness.addCheck('database', async () => {
    await opts.database.db.execute(sql`select 1`);
    return 'ok';
  });
  const aggregates = createAggregateCache(opts.aggregateCacheSeconds * 1000, Date.now, 1000, () => app.invalidation.cachesEnabled);
  app.decorate('aggregates', aggregates);
  app.invalidation.subscribe(({ resources, everything }) => {
    if (everything || resources.includes('services')) aggregates.invalidate();
    else if (resources.some((r) => r !== 'sessions')) aggregates.invalidatePrefix('stats:');
  });
});
