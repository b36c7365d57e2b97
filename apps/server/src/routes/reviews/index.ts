import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailParamsSchema,
  errorSchema,
  idParamsSchema,
  personListQuerySchema,
  recentReviewsQuerySchema,
  reviewCreateSchema,
  reviewUpdateSchema,
  publicReviewSchema,
  reviewSchema,
  reviewStatsSchema,
} from '@meramot/shared';
import { assertOwnEmailParam } from '../../lib/ownership';
import { pagingDoc, sendPage } from '../../lib/paging';
import {
  createReview,
  customerReviews,
  recentReviews,
  reviewStats,
  serviceReviews,
  updateReview,
} from './reviews.service';

const bearer = [{ bearer: [] }];

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Review a completed booking (its customer only, once per booking)',
        security: bearer,
        body: reviewCreateSchema,
        response: {
          201: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { changes: ['reviews'] },
      preValidation: app.authenticate,
    },
    async (request, reply) => reply.code(201).send(await createReview(app.db, request.user!, request.body)),
  );

  app.put(
    '/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Edit your review (its customer only, for 7 days after it was written)',
        security: bearer,
        params: idParamsSchema,
        body: reviewUpdateSchema,
        response: {
          200: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { changes: ['reviews'] },
      preValidation: app.authenticate,
    },
    (request) => updateReview(app.db, request.user!, request.params.id, request.body),
  );

  app.get(
    '/reviews/recent',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The newest reviews (testimonials), without e-mail addresses',
        querystring: recentReviewsQuerySchema,
        response: { 200: z.array(publicReviewSchema), 400: errorSchema },
      },
      config: { responseCache: true },
    },
    (request) => app.publicRead(request, (db) => recentReviews(db, request.query.limit)),
  );

  app.get(
    '/reviews/stats',
    {
      schema: {
        tags: ['reviews', 'stats'],
        summary: 'Review figures and the average provider response time, from the database',
        response: { 200: reviewStatsSchema },
      },
      config: { responseCache: true },
    },
    (request) => app.publicRead(request, (db, aggregates) => aggregates.get('stats:reviews', () => reviewStats(db))),
  );

  app.get(
    '/reviews/service/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The reviews of a service, newest first (at most 100), without e-mail addresses',
        params: idParamsSchema,
        response: { 200: z.array(publicReviewSchema), 400: errorSchema },
      },
      config: { responseCache: true },
    },
    (request) => app.publicRead(request, (db) => serviceReviews(db, request.params.id)),
  );

  app.get(
    '/reviews/user/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "The caller's own reviews, paged; id is the caller's e-mail",
        description: pagingDoc,
        security: bearer,
        params: emailParamsSchema,
        querystring: personListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      assertOwnEmailParam(request.user!, request.params.id, 'reviews');
      return sendPage(request, reply, request.query, await customerReviews(app.db, request.user!.id, request.query));
    },
  );
};
