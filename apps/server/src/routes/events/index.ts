import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@meramot/shared';
import { HttpError } from '../../lib/http-error';
import { notificationsAfter, unreadCount } from '../../notifications/inbox';

const lastEventId = z
  .string()
  .regex(/^\d{1,18}$/, { error: 'Last-Event-ID must be the id of an event this stream sent.' })
  .optional();

/**
 * The signed-in person's live events (Server-Sent Events): new notifications, messages, "seen"
 * marks, read counts. Sent with the Authorization header (the web reads it with fetch). A
 * reconnect sends Last-Event-ID and first gets the notifications made since.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ streamMaxMs: number; streamsPerUser: number }> = async (
  app,
  opts,
) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's live events (text/event-stream): notification, message, seen, read, ready, mode",
        description:
          'Each notification event carries its id; reconnect with the Last-Event-ID header (or ?lastEventId=) to get the ones missed. A comment every 15 s keeps proxies from closing the stream. The stream ends after a while; reconnect at once.',
        security: [{ bearer: [] }],
        headers: z.object({ 'last-event-id': lastEventId }),
        querystring: z.strictObject({ lastEventId }),
        response: {
          200: z.string().describe('text/event-stream'),
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
        },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      const user = request.user!;
      if (app.live.streams.countFor(user.id) >= opts.streamsPerUser) {
        throw new HttpError(429, 'Too many open live connections for this account. Close some tabs and try again.');
      }
      const last = request.headers['last-event-id'] ?? request.query.lastEventId;
      await app.live.streams.open(request, reply, {
        bus: app.live.bus,
        userId: user.id,
        sessionId: user.sessionId,
        lastEventId: last ? Number(last) : null,
        replay: (afterId) => notificationsAfter(app.db, user.id, afterId),
        unread: () => unreadCount(app.db, user.id),
        maxMs: opts.streamMaxMs,
      });
    },
  );
};
