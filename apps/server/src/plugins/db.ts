import type { FastifyInstance } from 'fastify';
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

/** Makes the opened database available to routes; the caller owns opening and closing it. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database; aggregateCacheSeconds: number }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('aggregates', createAggregateCache(opts.aggregateCacheSeconds * 1000));
});
