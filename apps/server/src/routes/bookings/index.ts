import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingCreateSchema,
  bookingDeclineSchema,
  bookingProposalCreateSchema,
  bookingListQuerySchema,
  bookingSchema,
  bookingStatsSchema,
  bookingStatusUpdateSchema,
  emailParamsSchema,
  errorSchema,
  idParamsSchema,
  removedSchema,
} from '@meramot/shared';
import type { BookingsConfig } from '../../env';
import { assertOwnEmailParam } from '../../lib/ownership';
import { acceptBooking, answerProposal, declineBooking, proposeTime } from './booking-flow.service';
import { pagingDoc, sendPage } from '../../lib/paging';
import {
  bookingStats,
  cancelBooking,
  createBooking,
  listCustomerBookings,
  listProviderBookings,
  updateBookingStatus,
} from './bookings.service';

const bearer = [{ bearer: [] }];
const proposalParamsSchema = idParamsSchema.extend({
  proposalId: z.string().regex(/^\d{1,18}$/, { error: 'must be a proposal id' }),
});
const authErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, { error: 'must be 8 to 200 characters' })
    .max(200, { error: 'must be 8 to 200 characters' })
    .optional(),
});

export const bookingRoutes: FastifyPluginAsyncZod<{ bookings: BookingsConfig }> = async (app, opts) => {
  app.get(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The caller's own bookings as a customer (ended ones left out; state=ended lists them), paged",
        description: pagingDoc,
        security: bearer,
        querystring: bookingListQuerySchema,
        response: { 200: z.array(bookingSchema), 400: errorSchema, 401: errorSchema },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) =>
      sendPage(request, reply, request.query, await listCustomerBookings(app.db, request.user!.id, request.query)),
  );

  app.get(
    '/bookings/stats',
    {
      schema: {
        tags: ['bookings', 'stats'],
        summary: 'Booking figures counted from the database',
        response: { 200: bookingStatsSchema },
      },
      config: { responseCache: true },
    },
    (request) => app.publicRead(request, (db, aggregates) => aggregates.get('stats:bookings', () => bookingStats(db))),
  );

  app.get(
    '/bookings/user/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: "The caller's bookings as a customer; id is the caller's e-mail",
        security: bearer,
        description: pagingDoc,
        params: emailParamsSchema,
        querystring: bookingListQuerySchema,
        response: { 200: z.array(bookingSchema), ...authErrors },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      assertOwnEmailParam(request.user!, request.params.id, 'bookings');
      return sendPage(
        request,
        reply,
        request.query,
        await listCustomerBookings(app.db, request.user!.id, request.query),
      );
    },
  );

  app.get(
    '/bookings/provider/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: "The booking requests for the caller's services; id is the caller's e-mail",
        security: bearer,
        description: pagingDoc,
        params: emailParamsSchema,
        querystring: bookingListQuerySchema,
        response: { 200: z.array(bookingSchema), ...authErrors },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      assertOwnEmailParam(request.user!, request.params.id, 'booking requests');
      return sendPage(
        request,
        reply,
        request.query,
        await listProviderBookings(app.db, request.user!.id, request.query),
      );
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Book a service for a date (today or later in Asia/Dhaka)',
        description:
          'Provider, price, name and image are taken from the service. Send an `Idempotency-Key` header to make a retry safe: a repeated key answers the first booking with 200.',
        security: bearer,
        headers: idempotencyHeaders,
        body: bookingCreateSchema,
        response: { 200: bookingSchema, 201: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      const { booking, created } = await createBooking(
        app.db,
        request.user!,
        request.body,
        request.headers['idempotency-key'] ?? null,
        { expiryHours: opts.bookings.expiryHours },
      );
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  app.put(
    '/bookings/:id/status',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Set the status of a booking request (provider only; completed is final)',
        security: bearer,
        params: idParamsSchema,
        body: bookingStatusUpdateSchema,
        response: { 200: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    (request) =>
      updateBookingStatus(
        app.db,
        request.user!,
        request.params.id,
        (request.body.status ?? request.body.serviceStatus)!,
      ),
  );

  app.delete(
    '/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Cancel a booking not yet started (its customer only); it is kept and listed with the ended ones',
        security: bearer,
        params: idParamsSchema,
        response: {
          200: removedSchema,
          ...authErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    async (request) => {
      await cancelBooking(app.db, request.user!, request.params.id);
      return { message: 'Booking cancelled.', _id: request.params.id };
    },
  );

  app.post(
    '/bookings/:id/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Accept a pending booking (its provider only): both then see each other’s phone',
        security: bearer,
        params: idParamsSchema,
        response: { 200: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    (request) => acceptBooking(app.db, request.user!, request.params.id),
  );

  app.post(
    '/bookings/:id/decline',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Decline a booking not yet started (its provider only), with a reason the customer sees',
        security: bearer,
        params: idParamsSchema,
        body: bookingDeclineSchema,
        response: { 200: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    (request) => declineBooking(app.db, request.user!, request.params.id, request.body.reason),
  );

  app.post(
    '/bookings/:id/proposals',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Propose another day and window for a booking not yet started (its customer or provider)',
        description:
          'Replaces an open proposal; the other party accepts or declines it. The window must be inside the provider’s hours, at least 2 hours ahead.',
        security: bearer,
        params: idParamsSchema,
        body: bookingProposalCreateSchema,
        response: { 201: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
      config: { changes: ['bookings'] },
      preValidation: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send(await proposeTime(app.db, request.user!, request.params.id, request.body)),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/bookings/:id/proposals/:proposalId/${answer}`,
      {
        schema: {
          tags: ['bookings'],
          summary:
            answer === 'accept'
              ? 'Accept the other party’s proposed time: the booking takes it (and a pending booking is accepted)'
              : 'Decline the other party’s proposed time: the booking keeps its time',
          security: bearer,
          params: proposalParamsSchema,
          response: { 200: bookingSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
        },
        config: { changes: ['bookings'] },
        preValidation: app.authenticate,
      },
      (request) => answerProposal(app.db, request.user!, request.params.id, request.params.proposalId, answer),
    );
  }
};
