import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, searchParamsSchema, searchQuerySchema, serviceSchema } from '@meramot/shared';
import { searchServices } from '../../search';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/:text',
    {
      schema: {
        tags: ['services'],
        summary: 'Active services matching the text, best match first, as an array',
        description:
          'The same match and order as `GET /services?search=` (every word, in any order, with synonyms, completion of the last word and typo correction; best match first; a place named in the text, "laptop mirpur", is read as a place); `area`, `district` and `place` narrow it as they narrow the list; `limit` defaults to 20 and is capped at 50.',
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: z.array(serviceSchema), 400: errorSchema },
      },
      config: { responseCache: true },
    },
    (request, reply) =>
      app.publicRead(request, async (db, aggregates) => {
        const { limit, ...places } = request.query;
        return searchServices(db, aggregates, request.params.text, limit, await app.searchIndexFor(db, reply), places);
      }),
  );
};
