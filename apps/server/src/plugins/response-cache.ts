import type { FastifyInstance } from 'fastify';
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
}

interface Cached {
  body: string;
  type: string;
}

/**
 * Micro-caching of public answers: a GET of a route marked `config: { responseCache: true }`,
 * made without an Authorization header, is answered from memory for `ttlSeconds` (the same
 * bytes, so the same ETag). A signed-in caller always gets a fresh answer, and any successful
 * change (POST, PUT, PATCH, DELETE under /api) empties the cache, so this server never answers
 * from before its own writes; other servers' writes show within `ttlSeconds`.
 *
 * Registered after helmet and the rate limit (their onRequest hooks run first) and before
 * compression (so the uncompressed JSON is stored).
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: { ttlSeconds: number }) => {
  const cache = new LRUCache<string, Cached>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 64,
    ttl: Math.max(1, opts.ttlSeconds * 1000),
  });
  app.decorate('responseCache', { clear: () => cache.clear() });
  if (opts.ttlSeconds <= 0) return;

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization || !request.routeOptions.config.responseCache) return;
    const hit = cache.get(request.url);
    if (!hit) return;
    return reply.header('content-type', hit.type).header('x-cache', 'hit').send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET') {
      if (
        typeof payload === 'string' &&
        reply.statusCode === 200 &&
        !request.headers.authorization &&
        request.routeOptions.config.responseCache &&
        !reply.hasHeader('x-cache')
      ) {
        cache.set(request.url, { body: payload, type: String(reply.getHeader('content-type') ?? 'application/json') });
      }
    } else if (reply.statusCode < 400 && request.url.startsWith('/api/')) {
      cache.clear();
    }
    return payload;
  });
});
