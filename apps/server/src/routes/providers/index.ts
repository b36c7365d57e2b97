import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  idParamsSchema,
  personListQuerySchema,
  providerProfileSchema,
  publicReviewSchema,
  serviceSchema,
} from '@meramot/shared';
import { pagingDoc, sendPage } from '../../lib/paging';
import { providerReviews } from '../reviews/reviews.service';
import { assertProvider, providerProfile, providerServices } from './providers.service';

const providerDoc =
  'A provider is a person with at least one active service that is not deleted; any other id (a customer, a provider whose services are all paused or deleted, an unknown one) answers 404.';

/**
 * A provider's public page (issue 22): their profile and the paged lists of their services and of
 * the reviews of their work. Public, shared between visitors for a few seconds like the other public
 * reads (every write empties that cache), and read on the replica when there is one.
 */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/providers/:id',
    {
      schema: {
        tags: ['providers'],
        summary: "A provider's public profile: name, photo, areas, member since, rating and counts",
        description: `The name and photo are their profile's (every service of theirs carries them); \`areas\` are the areas of their active services, the one with most services first; \`rating\` is the mean of the ratings of every review of their services, to one decimal (null without reviews). ${providerDoc}`,
        params: idParamsSchema,
        response: { 200: providerProfileSchema, 400: errorSchema, 404: errorSchema },
      },
      config: { responseCache: true },
    },
    (request) => app.publicRead(request, (db) => providerProfile(db, request.params.id)),
  );

  app.get(
    '/providers/:id/services',
    {
      schema: {
        tags: ['providers', 'services'],
        summary: "A provider's active services, newest first, paged",
        description: `${pagingDoc} ${providerDoc}`,
        params: idParamsSchema,
        querystring: personListQuerySchema,
        response: { 200: z.array(serviceSchema), 400: errorSchema, 404: errorSchema },
      },
      config: { responseCache: true },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        request.query,
        await app.publicRead(request, (db) => providerServices(db, request.params.id, request.query)),
      ),
  );

  app.get(
    '/providers/:id/reviews',
    {
      schema: {
        tags: ['providers', 'reviews'],
        summary:
          "The reviews of a provider's services (deleted ones' too), newest first, paged, without e-mail addresses",
        description: `${pagingDoc} ${providerDoc}`,
        params: idParamsSchema,
        querystring: personListQuerySchema,
        response: { 200: z.array(publicReviewSchema), 400: errorSchema, 404: errorSchema },
      },
      config: { responseCache: true },
    },
    async (request, reply) => {
      const page = await app.publicRead(request, async (db) => {
        const [reviews] = await Promise.all([
          providerReviews(db, request.params.id, request.query),
          assertProvider(db, request.params.id),
        ]);
        return reviews;
      });
      return sendPage(request, reply, request.query, page);
    },
  );
};
