import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import { requestId } from './lib/request-id';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { invalidationPlugin } from './plugins/invalidation';
import { jsonBodyPlugin } from './plugins/json-body';
import { metricsPlugin } from './plugins/metrics';
import { notificationsPlugin } from './plugins/notifications';
import { readinessPlugin } from './plugins/readiness';
import { responseCachePlugin } from './plugins/response-cache';
import { searchIndexPlugin } from './plugins/search-index';
import { securityPlugin } from './plugins/security';
import { sharedStatePlugin } from './plugins/shared-state';
import { webPlugin } from './plugins/web';
import { photosPlugin } from './plugins/photos';
import { placesPlugin } from './plugins/places';
import { photoFileRoutes } from './routes/photos/files';
import { photoRoutes } from './routes/photos';
import { placeRoutes } from './routes/places';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/bookings';
import { bookingExpiryPlugin } from './plugins/booking-expiry';
import { eventRoutes } from './routes/events';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/messages';
import { notificationRoutes } from './routes/notifications';
import { providerRoutes } from './routes/providers';
import { reviewRoutes } from './routes/reviews';
import { searchRoutes } from './routes/search';
import { seoRoutes } from './routes/seo';
import { serviceRoutes } from './routes/services';
import { statsRoutes } from './routes/stats';
import { userRoutes } from './routes/users';

const here = path.dirname(fileURLToPath(import.meta.url));
export const IMAGES_DIR = path.resolve(here, '../public/images');
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Largest accepted request body: every payload of the API is a small JSON object. */
export const BODY_LIMIT = 64 * 1024;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app on an opened database; server.ts listens, tests call `inject`. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  // Requests the process sends itself (the search warm-up) carry it: no rate limit, no request logs
  // (1,500 of them at every start would fill the log and push its first lines out of a tail).
  const internalRequestToken = randomBytes(24).toString('base64url');
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Fastify 5.12's way (its top-level disableRequestLogging is deprecated, FSTDEP023).
    logController: new LogController({
      disableRequestLogging: (req) => req.headers['x-warm-up'] === internalRequestToken,
    }),
    bodyLimit: BODY_LIMIT,
    // A hop count trusts that many proxies nearest to this server.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Ids unique across instances (a balancer's X-Request-Id is kept), in every log line and answer.
    genReqId: requestId,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('internalRequestToken', internalRequestToken);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(errorsPlugin);
  await app.register(readinessPlugin);
  await app.register(jsonBodyPlugin);
  // Before every cache and route: caches subscribe to it, write routes must declare their changes.
  await app.register(invalidationPlugin);
  await app.register(sharedStatePlugin, { config });
  await app.register(securityPlugin, { config });
  // After helmet, the rate limit and ETags (their hooks run first) and before compression, so the
  // micro-cache stores the uncompressed JSON.
  await app.register(responseCachePlugin, { ttlSeconds: config.responseCacheSeconds });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(dbPlugin, { database, aggregateCacheSeconds: config.aggregateCacheSeconds });
  await app.register(searchIndexPlugin, config.searchIndex);
  await app.register(metricsPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(notificationsPlugin, { config });
  await app.register(bookingExpiryPlugin, config.bookings);
  await app.register(photosPlugin, { storageUrl: config.storageUrl, dataDir: config.dataDir });
  await app.register(placesPlugin);
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { config });
      await api.register(userRoutes);
      await api.register(serviceRoutes);
      await api.register(searchRoutes);
      await api.register(bookingRoutes, { bookings: config.bookings });
      await api.register(reviewRoutes);
      await api.register(providerRoutes);
      await api.register(statsRoutes);
      await api.register(notificationRoutes);
      await api.register(messageRoutes);
      await api.register(photoRoutes);
      await api.register(placeRoutes);
      await api.register(eventRoutes, {
        streamMaxMs: config.notifications.streamMaxMs,
        streamsPerUser: config.notifications.streamsPerUser,
      });
      await api.register(healthRoutes);
    },
    { prefix: '/api' },
  );

  // The photo files, and robots.txt and the sitemaps, at the site root, before the web app's fallback.
  await app.register(photoFileRoutes);
  await app.register(seoRoutes, { publicUrl: config.notifications.publicUrl });
  await app.register(webPlugin, {
    webDist: config.webDist ?? DEFAULT_WEB_DIST,
    imagesDir: IMAGES_DIR,
    publicUrl: config.notifications.publicUrl,
    renderThreads: config.renderThreads,
  });
  return app;
}
