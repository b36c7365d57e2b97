import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../env';
import { responseCachePlugin } from './response-cache';

/**
 * Security headers, a per-address request budget, ETags and caching rules of API answers, the
 * micro-cache of public answers and compression, in that order (each hook sees what the one before
 * it did).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  // The SDK's popup sign-in loads Google's gapi loader from apis.google.com, with the emulator too.
  const identityOrigins = config.firebaseAuthEmulatorHost
    ? [`http://${config.firebaseAuthEmulatorHost}`, 'https://apis.google.com']
    : ['https://*.googleapis.com', 'https://*.firebaseapp.com', 'https://apis.google.com'];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...identityOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'", ...identityOrigins],
        frameSrc: ["'self'", ...identityOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  if (config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
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
  await app.register(responseCachePlugin, { ttlSeconds: config.responseCacheSeconds });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
});
