import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/bookings';
import { reviewRoutes } from './routes/reviews';
import { searchRoutes } from './routes/search';
import { serviceRoutes } from './routes/services';
import { statsRoutes } from './routes/stats';
import { userRoutes } from './routes/users';

const here = path.dirname(fileURLToPath(import.meta.url));
export const IMAGES_DIR = path.resolve(here, '../public/images');
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Largest accepted request body: every payload of the API is a small JSON object. */
export const BODY_LIMIT = 64 * 1024;

/** Builds the whole app on an opened database; server.ts listens, tests call `inject`. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(dbPlugin, { database, aggregateCacheSeconds: config.aggregateCacheSeconds });
  await app.register(authPlugin, { config });
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { config });
      await api.register(userRoutes);
      await api.register(serviceRoutes);
      await api.register(searchRoutes);
      await api.register(bookingRoutes);
      await api.register(reviewRoutes);
      await api.register(statsRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.webDist ?? DEFAULT_WEB_DIST, imagesDir: IMAGES_DIR });
  return app;
}
