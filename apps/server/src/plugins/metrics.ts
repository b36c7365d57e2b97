import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../env';
import { notFound, unauthorized } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app, so tests may build several). */
    metrics: Registry;
  }
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Prometheus metrics at GET /metrics: requests by route, method and status, their latency
 * histogram by route, the database pool (connections, idle, waiting) and the read replica's (with
 * the statements sent to it, the reads it failed and whether it is used), micro-cache answers, the
 * changes applied to the caches, and Node's process figures. With METRICS_TOKEN the scraper sends
 * `Authorization: Bearer <token>`; without it /metrics is served outside production only (404 in
 * production), so it is never public by accident.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const cacheAnswers = new Counter({
    name: 'meramot_response_cache_answers_total',
    help: 'Public answers of micro-cached routes: hit, stale (served while one request refreshes) or miss',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const changes = new Counter({
    name: 'meramot_cache_invalidations_total',
    help: 'Changes applied to the caches (this instance’s writes and those heard from others), by resource',
    labelNames: ['resource'] as const,
    registers: [registry],
  });
  app.invalidation.subscribe(({ resources }) => {
    for (const resource of resources) changes.inc({ resource });
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  const pool = app.database.pool;
  if (pool) {
    gauge('meramot_db_pool_connections', 'Open connections to the primary database', () => pool.totalCount);
    gauge('meramot_db_pool_idle', 'Idle connections to the primary database', () => pool.idleCount);
    gauge(
      'meramot_db_pool_waiting',
      'Queries waiting for a connection to the primary database',
      () => pool.waitingCount,
    );
  }
  const replicaPool = app.database.replica?.pool;
  if (replicaPool) {
    gauge('meramot_db_replica_pool_connections', 'Open connections to the read replica', () => replicaPool.totalCount);
    gauge('meramot_db_replica_pool_idle', 'Idle connections to the read replica', () => replicaPool.idleCount);
    gauge(
      'meramot_db_replica_pool_waiting',
      'Queries waiting for a connection to the read replica',
      () => replicaPool.waitingCount,
    );
    const sent = new Counter({
      name: 'meramot_db_replica_queries_total',
      help: 'Statements sent to the read replica (connections taken from its pool), the readiness checks included',
      registers: [registry],
    });
    replicaPool.on('acquire', () => sent.inc());
  }
  const router = app.readRouter;
  if (router) {
    const fallbacks = new Counter({
      name: 'meramot_replica_fallbacks_total',
      help: 'Visitors’ reads the read replica could not answer, answered by the primary instead',
      registers: [registry],
    });
    router.onFallback(() => fallbacks.inc());
    new Gauge({
      name: 'meramot_replica_up',
      help: '1 while visitors’ reads go to the read replica, 0 while they go to the primary',
      registers: [registry],
      collect() {
        this.set(router.up ? 1 : 0);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (request.method === 'GET' && request.routeOptions.config.responseCache && !request.headers.authorization) {
      const state = reply.getHeader('x-cache');
      cacheAnswers.inc({ result: state === 'hit' || state === 'stale' ? state : 'miss' });
    }
  });

  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const { metricsToken, metricsEnabled } = opts.config;
    if (!metricsEnabled) throw notFound('Not found.');
    if (metricsToken && !tokenMatches(request, metricsToken)) throw unauthorized();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
