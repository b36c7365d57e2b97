import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { Resource } from './invalidation';
import { SearchIndexSync, warmUp, type SearchIndex } from '../search';

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

/** The longest a warm-up may take (its size is SEARCH_INDEX_WARM_UP_REQUESTS). */
const WARM_UP_BUDGET_MS = 5000;

/**
 * One SearchIndexSync per database (primary, and the replica when there is one), built when the
 * app is ready and told of every change to what lists show of a service (plugins/invalidation.ts).
 * /api/ready answers 503 (`search: starting`) until the primary's index is built and the instance warmed
 * (search/warm-up.ts), or `readySeconds` have passed since the process started (`late`: the
 * database answers searches until the index is on).
 */
export const searchIndexPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      enabled: boolean;
      refreshSeconds: number;
      readySeconds: number;
      warmUpRequests: number;
      /** Where each database's index is kept on disk between starts (search/memory/snapshot.ts); none without. */
      snapshotDir?: string;
    },
  ) => {
    const syncs = new Map<Db, SearchIndexSync>();
    let warm = false;
    let warming = false;
    const closing = new AbortController();
    const warmWhenBuilt = (index: SearchIndex) => {
      // The primary's index: a replica that is down keeps the instance ready (its visitors' reads
      // go to the primary), and its index is built when it is back.
      if (warm || warming || !syncs.get(app.db)?.built) return;
      warming = true;
      const started = Date.now();
      warmUp(app, index, app.internalRequestToken, {
        requests: opts.warmUpRequests,
        budgetMs: WARM_UP_BUDGET_MS,
        signal: closing.signal,
      })
        .then((requests) => {
          if (closing.signal.aborted) return;
          warm = true;
          app.log.info({ requests, ms: Date.now() - started }, 'search warmed up: ready');
        })
        .catch((err: Error) => app.log.warn({ message: err.message }, 'search warm-up failed'))
        .finally(() => (warming = false));
    };
    if (opts.enabled) {
      for (const db of [app.db, app.database.replica?.db]) {
        if (db)
          syncs.set(
            db,
            new SearchIndexSync(db, app.log, {
              refreshMs: opts.refreshSeconds * 1000,
              onBuilt: warmWhenBuilt,
              snapshotDir: opts.snapshotDir,
            }),
          );
      }
    }
    app.readiness.setSearchState(() =>
      !opts.enabled ? 'off' : warm ? 'ok' : process.uptime() < opts.readySeconds ? 'starting' : 'late',
    );
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
      closing.abort();
      for (const sync of syncs.values()) sync.close();
    });
  },
);
