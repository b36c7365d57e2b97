import type { FastifyPluginAsync } from 'fastify';
import { en } from '@meramot/shared';
import { notFound } from '../../lib/http-error';
import { contentTypeOf, PHOTO_KEY } from '../../photos';

/**
 * The photo files, at /photos/{content hash}.{webp|avif}: a file never changes under its name, so
 * it is cached for a year as immutable, and shown by other sites and apps (a shared link's preview).
 * Every instance reads the one store (the disk under DATA_DIR, or S3-compatible storage).
 */
export const photoFileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { key: string } }>('/photos/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    const file = PHOTO_KEY.test(key) ? await app.photoStore.get(key) : null;
    if (!file) throw notFound(en.photoNotFound);
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.body);
  });
};
