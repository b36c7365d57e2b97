import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { THEME_INIT_SCRIPT } from '@meramot/shared';
import type { Config } from '../env';
import { sharedRateLimitStore } from '../lib/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** A secret of this process: requests it sends itself (the search warm-up) carry it and skip the rate limit. */
    internalRequestToken: string;
  }
}

/**
 * The Content-Security-Policy. With the Auth Emulator: the emulator's own address. In production:
 * exact origins only (no wildcard domain where anyone can host scripts): Google's gapi loader that
 * popup sign-in loads (apis.google.com), the two Firebase Auth endpoints the SDK calls, and the
 * project's auth domain whose page the popup and its helper iframe load.
 */
const themeInitHash = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

export function cspDirectives(config: Pick<Config, 'firebaseAuthEmulatorHost' | 'firebaseAuthDomain'>) {
  const gapi = 'https://apis.google.com';
  const authDomain = `https://${config.firebaseAuthDomain}`;
  const emulator = config.firebaseAuthEmulatorHost ? [`http://${config.firebaseAuthEmulatorHost}`] : [];
  const endpoints = config.firebaseAuthEmulatorHost
    ? emulator
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  return {
    defaultSrc: ["'self'"],
    // The theme's inline script in every page's head, by its hash (no other inline script runs).
    scriptSrc: ["'self'", themeInitHash, gapi, ...emulator],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
    connectSrc: ["'self'", ...endpoints],
    frameSrc: ["'self'", authDomain, gapi, ...emulator],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Security headers, a per-address request budget, and ETags and caching rules of API answers, in
 * that order (each hook sees what the one before it did). app.ts registers the micro-cache of
 * public answers (plugins/response-cache.ts) and compression after it.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  // Helmet's headers, its middleware made once (@fastify/helmet made it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Other sites may call the API only from the origins of CORS_ORIGINS (none by default): a
  // preflight from one of them answers 204 with the methods and headers below; any other origin
  // gets no CORS header at all, so browsers keep its pages out. Bearer tokens, not cookies: no credentials.
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
    exposedHeaders: ['X-Total-Count', 'Link', 'Retry-After', 'ETag'],
    maxAge: 600,
    strictPreflight: false,
  });
  if (config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      // The instance's own warm-up requests (search/warm-up.ts) count against nobody.
      allowList: (request) => request.headers['x-warm-up'] === app.internalRequestToken,
      // With Redis: one budget per address across every instance (per instance while Redis is away).
      ...(app.redis ? { store: sharedRateLimitStore(app.redis, config.redisPrefix) } : {}),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        error: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
      }),
    });
  }
  // ETags on every GET answer (before compression, so they name the content): a repeated request
  // with If-None-Match gets 304 and no body. API answers are revalidated each time (no-cache);
  // a signed-in caller's are private.
  await app.register(etag);
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : 'no-cache');
    }
  });
});
