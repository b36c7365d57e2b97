import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationPageSchema,
  errorSchema,
  idParamsSchema,
  messageCreateSchema,
  messageListQuerySchema,
  messageSchema,
  unreadConversationsSchema,
} from '@meramot/shared';
import { unreadCount } from '../../notifications/inbox';
import { listMessages, markConversationRead, sendMessage, unreadConversations } from './messages.service';

const bearer = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The conversation of a booking: its customer and its provider only. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A page of the booking's conversation, newest first (its customer and provider only)",
        security: bearer,
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: conversationPageSchema, ...errors },
      },
      preValidation: app.authenticate,
    },
    (request) => listMessages(app.db, request.params.id, request.user!.id, request.query),
  );

  app.post(
    '/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Write to the other party of the booking (plain text, up to 2,000 characters)',
        description: `At most 20 messages a minute per person (429). Read-only 30 days after the booking was completed or cancelled (409).`,
        security: bearer,
        params: idParamsSchema,
        body: messageCreateSchema,
        response: { 201: messageSchema, ...errors, 409: errorSchema, 429: errorSchema },
      },
      config: { changes: [] },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const { party, forMe, forOther } = await sendMessage(
        app.db,
        request.params.id,
        userId,
        request.body.body,
        request.body.photoIds,
      );
      const bookingId = request.params.id;
      app.live.bus.publish({ userId, type: 'message', data: { bookingId, message: forMe } });
      app.live.bus.publish({ userId: party.otherId, type: 'message', data: { bookingId, message: forOther } });
      return reply.code(201).send(forMe);
    },
  );

  app.post(
    '/bookings/:id/messages/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark the other party\'s messages of the booking read (they then see "Seen")',
        security: bearer,
        params: idParamsSchema,
        response: { 200: z.object({ lastReadId: z.string().nullable() }), ...errors },
      },
      config: { changes: [] },
      preValidation: app.authenticate,
    },
    async (request) => {
      const userId = request.user!.id;
      const bookingId = request.params.id;
      const { party, lastReadId, advanced, notificationsCleared } = await markConversationRead(
        app.db,
        bookingId,
        userId,
      );
      if (advanced && lastReadId != null) {
        app.live.bus.publish({
          userId: party.otherId,
          type: 'seen',
          data: { bookingId, seenUpTo: String(lastReadId) },
        });
      }
      if (notificationsCleared > 0) {
        app.live.bus.publish({ userId, type: 'read', data: { unread: await unreadCount(app.db, userId) } });
      }
      return { lastReadId: lastReadId == null ? null : String(lastReadId) };
    },
  );

  app.get(
    '/messages/unread',
    {
      schema: {
        tags: ['messages'],
        summary: "The caller's bookings with unread messages, and how many",
        security: bearer,
        response: { 200: unreadConversationsSchema, 401: errorSchema },
      },
      preValidation: app.authenticate,
    },
    (request) => unreadConversations(app.db, request.user!.id),
  );
};
