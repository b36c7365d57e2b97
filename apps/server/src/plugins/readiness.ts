import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Readiness } from '@meramot/shared';

type Dependency = 'database' | 'replica' | 'redis';
type State = Readiness['database'];
type SearchState = Readiness['search'];

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** Set by server.ts on SIGTERM: /api/ready answers 503 so the balancer stops sending, requests still served. */
      draining: boolean;
      /** A plugin that opens a dependency registers how to ask it (bounded by CHECK_TIMEOUT_MS). */
      addCheck(name: Dependency, check: () => Promise<State>): void;
      /** The search index plugin says how far this instance's index is (plugins/search-index.ts). */
      setSearchState(state: () => SearchState): void;
      report(): Promise<Readiness>;
    };
  }
}

/** A dependency that has not answered within this is reported down. */
const CHECK_TIMEOUT_MS = 2000;

const bounded = (check: () => Promise<State>): Promise<State> =>
  Promise.race([
    check().catch((): State => 'down'),
    new Promise<State>((resolve) => setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS).unref()),
  ]);

/**
 * What /api/ready answers the balancer. Ready means: not stopping, the primary database answers,
 * and the search index is built and warm (or turned off, or not ready within
 * SEARCH_INDEX_READY_SECONDS: the database answers searches then). A replica or Redis that is down
 * is reported but keeps the instance ready: reads fall back to the primary, rate limits and caches
 * to this process (see docs/production.md).
 */
export const readinessPlugin = fp(async (app: FastifyInstance) => {
  const checks = new Map<Dependency, () => Promise<State>>();
  let searchState = (): SearchState => 'off';
  app.decorate('readiness', {
    draining: false,
    addCheck: (name, check) => void checks.set(name, check),
    setSearchState: (state) => void (searchState = state),
    async report() {
      const ask = (name: Dependency) => (checks.has(name) ? bounded(checks.get(name)!) : Promise.resolve<State>('off'));
      const [database, replica, redis] = await Promise.all([ask('database'), ask('replica'), ask('redis')]);
      const search = searchState();
      const status = app.readiness.draining
        ? 'draining'
        : database !== 'ok'
          ? 'unavailable'
          : search === 'starting'
            ? 'starting'
            : 'ready';
      return { status, database, replica, redis, search };
    },
  });
});
