import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesSchema } from '@meramot/shared';
import { loadPlaces } from '../../places';

/**
 * `GET /api/places`: every division, district, upazila and city area (issue 24), the same for
 * everyone and fixed for the life of the process: serialised once, with a strong ETag; a client
 * that has it gets 304, and caches keep it a day.
 */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = JSON.stringify(placesSchema.parse(loadPlaces()));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  app.get(
    '/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Every division, district, upazila and city area of Bangladesh, in English and Bangla',
        description:
          'Divisions (the ids are the serviceArea values), their districts (with their centres) and each district’s upazilas and city areas (the metropolitan thanas of Dhaka and Chattogram), with the other spellings people use. ETag; 304 to If-None-Match.',
        response: { 200: placesSchema },
      },
    },
    async (request, typed) => {
      // The body is the JSON made above, validated then: sent as it is, not serialised again.
      const reply = typed as unknown as FastifyReply;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(body);
    },
  );
};
