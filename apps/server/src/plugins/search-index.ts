import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { Resource } from './invalidation';
import { SearchIndexSync, type SearchIndex } from '../search';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The in-memory search index of the database a read goes to (the primary's, or the read
     * replica's for visitors' reads there), current with every change this process heard of; null
     * while it is first built or when it is off (the search then reads the database). Says in the
     * answer's `X-Search-Index` header whether the index answered (`on`), was still being built
     * (`building`: the database answered) or is turned off (`off`); `npm run bench` waits for `on`.
     */
    searchIndexFor(db: Db, reply: FastifyReply): Promise<SearchIndex | null>;
  }
}

/** What a list shows of a service changes with these (its booking count, rating, provider's e-mail). */
const LISTED = new Set<Resource>(['services', 'bookings', 'reviews', 'users']);

/** Waiting longer than this at start for the first build (a large catalogue builds on in the background). */
const FIRST_BUILD_WAIT_MS = 2000;

/**
 * One SearchIndexSync per database (primary, and the replica when there is one), built when the
 * app is ready and told of every change to what lists show of a service (plugins/invalidation.ts).
 */
export const searchIndexPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; refreshSeconds: number }) => {
    const syncs = new Map<Db, SearchIndexSync>();
    if (opts.enabled) {
      for (const db of [app.db, app.database.replica?.db]) {
        if (db) syncs.set(db, new SearchIndexSync(db, app.log, opts.refreshSeconds * 1000));
      }
    }
    app.decorate('searchIndexFor', async (db: Db, reply: FastifyReply) => {
      const index = (await syncs.get(db)?.current()) ?? null;
      reply.header('x-search-index', index ? 'on' : opts.enabled ? 'building' : 'off');
      return index;
    });
    app.invalidation.subscribe(({ resources, everything }) => {
      for (const sync of syncs.values()) {
        if (everything) sync.changedEverything();
        else if (resources.some((r) => LISTED.has(r))) sync.changed();
      }
    });
    app.addHook('onReady', async () => {
      const builds = Promise.all([...syncs.values()].map((s) => s.start()));
      await Promise.race([builds, new Promise((resolve) => setTimeout(resolve, FIRST_BUILD_WAIT_MS).unref())]);
    });
    app.addHook('onClose', async () => {
      for (const sync of syncs.values()) sync.close();
    });
  },
);
