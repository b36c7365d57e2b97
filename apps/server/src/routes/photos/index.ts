import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { en, errorSchema, idParamsSchema, PHOTO_MAX_BYTES, photoSchema, removedSchema } from '@meramot/shared';
import { badRequest } from '../../lib/http-error';
import { deletePhoto, savePhoto } from './photos.service';

const bearer = [{ bearer: [] }];

/**
 * Uploading photos (issue 23): one file per call as multipart/form-data, streamed (never the whole
 * body in memory), at most PHOTO_MAX_BYTES; recognised by its bytes, processed and stored, then
 * the caller's own until a service, the profile, a booking or a message takes it (an unattached
 * upload is swept after a day). The files are served at /photos/{key} (routes/photos/files.ts).
 */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/photos',
    {
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo (multipart/form-data, one file, at most 10 MB: JPEG, PNG, WebP or AVIF)',
        description:
          "The file is recognised by its bytes, turned upright, stripped of every metadata field (EXIF with its GPS position, XMP, ICC), and stored as 320, 640 and 1280 px wide WebP (AVIF too where smaller; never enlarged) with a 16 px placeholder. 413 past 10 MB or 50 megapixels, 415 for another kind of file (HEIC with how to send it instead), 400 for a damaged or truncated image. The photo is the caller's, unattached, until a service, the profile, a booking or a message takes it; unattached, it is removed after 24 hours.",
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: photoSchema, 400: errorSchema, 401: errorSchema, 413: errorSchema, 415: errorSchema },
      },
      config: { changes: [] },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(en.photoMissing);
      // A body that is not multipart as it says (no boundary, another boundary, cut short) is the
      // client's mistake: busboy's errors become a 400 with a sentence, never a 500.
      const file = await request.file().catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 413) throw error;
        throw badRequest(en.photoUploadBroken);
      });
      if (!file) throw badRequest(en.photoMissing);
      return reply.code(201).send(await savePhoto(app.db, app.photoStore, request.user!.id, file.file));
    },
  );

  app.delete(
    '/photos/:id',
    {
      schema: {
        tags: ['photos'],
        summary: "Remove one of the caller's uploaded photos (its files go once nothing refers to them)",
        security: bearer,
        params: idParamsSchema,
        response: {
          200: removedSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
      config: { changes: [] },
      preValidation: app.authenticate,
    },
    async (request) => {
      await deletePhoto(app.db, app.photoStore, request.user!.id, request.params.id);
      return { message: 'Photo deleted.', _id: request.params.id };
    },
  );
};
