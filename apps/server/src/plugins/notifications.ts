import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { z } from 'zod';
import type { Config } from '../env';
import { registerNotifier } from '../notifications/events';
import {
  notificationsByIds,
  notificationsWithUnread,
  recentNotifications,
  toApiNotification,
  unreadCount,
} from '../notifications/inbox';
import { createLocalBus, createRedisBus, type LiveBus } from '../notifications/live-bus';
import { createStreamRegistry, type StreamRegistry } from '../notifications/live-streams';
import { createMailer } from '../notifications/mailer';
import { createOutbox, outboxBacklog, type Outbox } from '../notifications/outbox';
import { settingsLinkTokens, shortLinkRefs, type SettingsLinkTokens } from '../notifications/settings';
import { createSmsSender } from '../notifications/sms';
import { renderEmail, renderSms } from '../notifications/templates';

/** How far back each catch-up looks: longer than a publication can take. */
const CATCH_UP_WINDOW_SECONDS = 30;

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events: the bus between instances and this instance's open streams. */
    live: { bus: LiveBus; streams: StreamRegistry };
    /** The outbox worker of this instance (null when it drains nothing: no channel, or OUTBOX_WORKER=off). */
    outbox: Outbox | null;
    settingsLinks: SettingsLinkTokens;
    /** Whether SMS can be sent at all (a gateway is configured). */
    smsAvailable: boolean;
  }
}

/**
 * Notifications (src/notifications): the live bus (Redis pub/sub with REDIS_URL, else this
 * process), the open event streams, the outbox worker with the mailer (SMTP_URL) and the SMS
 * gateway, and the notifier that publishes each committed notification to its recipient's
 * streams. In memory per instance: the open streams only; everything else is in PostgreSQL.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { notifications: config, redisUrl, redisPrefix, jwtSecret } = opts.config;
  const bus = redisUrl ? await createRedisBus(redisUrl, redisPrefix, app.log) : createLocalBus();
  const streams = createStreamRegistry();
  const settingsLinks = settingsLinkTokens(jwtSecret);
  app.decorate('live', { bus, streams });
  app.decorate('settingsLinks', settingsLinks);
  app.decorate('smsAvailable', Boolean(config.sms));

  // The short links of SMS: /n/<ref> redirects to the notification's page (which asks for sign-in).
  const shortLinks = shortLinkRefs(jwtSecret);
  app.get(
    '/n/:ref',
    { schema: { hide: true, params: z.object({ ref: z.string().max(64) }) }, config: { rateLimit: false } },
    async (request, reply) => {
      const id = shortLinks.verify((request.params as { ref: string }).ref);
      const [row] = id == null ? [] : await notificationsByIds(app.db, [id]);
      const to = row ? toApiNotification(row).link : '/notifications';
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  const mailer = config.smtpUrl ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) : null;
  const sms = config.sms ? createSmsSender(config.sms) : null;
  if (!mailer) app.log.info('E-mail notifications are off: SMTP_URL is not set');

  const attempts = new Counter({
    name: 'meramot_notification_deliveries_total',
    help: 'Delivery attempts of e-mails and SMS from the outbox, by channel and outcome (sent, retry, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [app.metrics],
  });
  const outbox =
    config.outboxWorker && (mailer || sms)
      ? createOutbox({
          db: app.db,
          mailer,
          sms,
          publicUrl: config.publicUrl,
          settingsLinks,
          shortLinks: shortLinkRefs(jwtSecret),
          renderEmail,
          renderSms,
          pollMs: config.outboxPollMs,
          log: app.log,
          onAttempt: (channel, outcome) => attempts.inc({ channel, outcome }),
        })
      : null;
  app.decorate('outbox', outbox);

  const unregister = registerNotifier(app.db, {
    email: Boolean(mailer),
    sms: Boolean(sms),
    announce(made) {
      if (made.some((m) => m.deliveries > 0)) outbox?.wake();
      // With a bus of this process only, a person without a stream here has nobody to tell.
      const ids = made.filter((m) => m.inApp && (bus.shared || streams.hasUser(m.userId))).map((m) => m.id);
      if (ids.length === 0) return;
      void notificationsWithUnread(app.db, ids)
        .then((rows) => {
          for (const { unread, ...row } of rows) {
            const notification = toApiNotification(row);
            bus.publish({
              userId: row.userId,
              type: 'notification',
              id: notification.id,
              data: { notification, unread },
            });
          }
        })
        .catch((err: Error) => app.log.warn({ err: err.message }, 'could not publish notifications live'));
    },
  });

  // The catch-up: a notification whose publication never came (its instance died between the
  // commit and the publication, or Redis was down) reaches the streams here within LIVE_CATCH_UP_MS.
  const catchUp = setInterval(() => {
    if (streams.size === 0) return;
    void recentNotifications(app.db, CATCH_UP_WINDOW_SECONDS)
      .then((recent) =>
        streams.catchUp(
          recent.filter((r) => streams.hasUser(r.userId)),
          (userId) => unreadCount(app.db, userId),
        ),
      )
      .catch(() => undefined);
  }, config.catchUpMs);
  catchUp.unref();

  // A logout ends that session's streams on every instance (the change travels through Redis).
  app.invalidation.subscribe(({ resources, sessionId }) => {
    if (resources.includes('sessions') && sessionId) streams.endSession(sessionId);
  });

  // Read from the database at each scrape (two small aggregate queries over a partial index).
  const perChannel = async (
    gauge: Gauge<'channel'>,
    pick: (row: { pending: number; oldestSeconds: number }) => number,
  ) => {
    gauge.reset();
    for (const channel of ['email', 'sms']) gauge.set({ channel }, 0);
    for (const row of await outboxBacklog(app.db).catch(() => [])) gauge.set({ channel: row.channel }, pick(row));
  };
  new Gauge({
    name: 'meramot_outbox_backlog',
    help: 'Deliveries (e-mail, SMS) waiting in the outbox, by channel',
    labelNames: ['channel'] as const,
    registers: [app.metrics],
    async collect() {
      await perChannel(this, (row) => row.pending);
    },
  });
  new Gauge({
    name: 'meramot_outbox_oldest_seconds',
    help: 'Age in seconds of the oldest delivery waiting in the outbox, by channel',
    labelNames: ['channel'] as const,
    registers: [app.metrics],
    async collect() {
      await perChannel(this, (row) => row.oldestSeconds);
    },
  });
  new Gauge({
    name: 'meramot_live_streams',
    help: 'Open live event streams on this instance',
    registers: [app.metrics],
    collect() {
      this.set(streams.size);
    },
  });

  app.addHook('onReady', async () => outbox?.start());
  // Streams end before the server closes (it waits for open connections); clients reconnect elsewhere.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => {
    clearInterval(catchUp);
    unregister();
    await outbox?.stop();
    mailer?.close();
    await bus.close();
  });
});
