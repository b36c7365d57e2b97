import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose answer may be shared between visitors for a few seconds. */
    responseCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: { clear(): void };
  }
  interface FastifyRequest {
    /** Set when this request computes the cached answer of its URL for the others. */
    responseCacheRefresh: Refresh | null;
  }
}

/** The headers of an answer that are part of it (a paged list's total and neighbours, a page's caching and language): kept with its body. */
const KEPT_HEADERS = ['x-total-count', 'link', 'cache-control', 'content-language'] as const;

interface Cached {
  /** The answer as sent: JSON text, or a rendered page's bytes. */
  body: string | Buffer;
  type: string;
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>;
  /** Until when the answer is fresh (ms since the epoch); after it, it is served stale while one request refreshes it. */
  freshUntil: number;
}

interface Refresh {
  key: string;
  generation: number;
  done: () => void;
}

/** How long a request waits for another one computing the same answer before computing it itself. */
const COALESCE_WAIT_MS = 2000;

/**
 * Micro-caching of public answers: a GET of a route marked `config: { responseCache: true }`,
 * made without an Authorization header, is answered from memory for `ttlSeconds` (the same bytes,
 * so the same ETag, and a paged list's X-Total-Count and Link headers with them). Requests for an answer being computed wait for it instead of computing it too,
 * and an answer past its time is still served (for at most another `ttlSeconds`) while one request
 * refreshes it, so the database sees one query per URL however many visitors ask.
 *
 * A signed-in caller always gets a fresh answer, and every change published through
 * `app.invalidation` (each successful write) empties the cache, so this server never answers from
 * before its own writes (a computation begun before the change is not stored); other servers'
 * writes show within the time.
 *
 * Registered after helmet and the rate limit (their onRequest hooks run first) and before
 * compression (so the uncompressed JSON is stored).
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: { ttlSeconds: number }) => {
  const ttlMs = opts.ttlSeconds * 1000;
  const cache = new LRUCache<string, Cached>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 64,
    ttl: Math.max(1, 2 * ttlMs),
  });
  // URL → the computation under way; one older than COALESCE_WAIT_MS is taken as lost (an aborted request).
  const refreshing = new Map<string, { promise: Promise<void>; started: number }>();
  let generation = 0;
  app.decorate('responseCache', {
    clear: () => {
      cache.clear();
      refreshing.clear();
      generation++;
    },
  });
  app.decorateRequest('responseCacheRefresh', null);
  app.invalidation.subscribe(() => app.responseCache.clear());
  if (ttlMs <= 0) return;

  const serve = (reply: FastifyReply, entry: Cached, state: 'hit' | 'stale') =>
    reply.headers(entry.headers).header('content-type', entry.type).header('x-cache', state).send(entry.body);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization || !request.routeOptions.config.responseCache) return;
    if (!app.invalidation.cachesEnabled) return;
    const key = request.url;
    let entry = cache.get(key);
    if (entry && Date.now() < entry.freshUntil) return serve(reply, entry, 'hit');
    const pending = refreshing.get(key);
    if (pending && Date.now() - pending.started < COALESCE_WAIT_MS) {
      if (entry) return serve(reply, entry, 'stale');
      await Promise.race([pending.promise, new Promise((r) => setTimeout(r, COALESCE_WAIT_MS))]);
      entry = cache.get(key);
      if (entry) return serve(reply, entry, 'hit');
      return;
    }
    let done!: () => void;
    refreshing.set(key, { promise: new Promise<void>((r) => (done = r)), started: Date.now() });
    request.responseCacheRefresh = { key, generation, done };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const refresh = request.responseCacheRefresh;
    if (request.method === 'GET') {
      if (
        refresh &&
        refresh.generation === generation &&
        reply.statusCode === 200 &&
        (typeof payload === 'string' || Buffer.isBuffer(payload))
      ) {
        const headers: Cached['headers'] = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        cache.set(refresh.key, {
          body: payload,
          type: String(reply.getHeader('content-type') ?? 'application/json'),
          headers,
          freshUntil: Date.now() + ttlMs,
        });
      }
    }
    return payload;
  });

  const finish = async (request: FastifyRequest) => {
    const refresh = request.responseCacheRefresh;
    if (!refresh) return;
    request.responseCacheRefresh = null;
    if (refresh.generation === generation) refreshing.delete(refresh.key);
    refresh.done();
  };
  app.addHook('onResponse', finish);
  app.addHook('onRequestAbort', finish);
});
