import { sql } from 'drizzle-orm';
import type { NotificationKind, NotificationSettings } from '@meramot/shared';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/client';
import { notificationDeliveries, notifications } from '../db/schema';
import type { NotificationData } from './notification-data';
import { channelsFor } from './settings';

/**
 * What the app wired for a database (plugins/notifications.ts): which external channels exist,
 * and what to do once a transaction that made notifications has committed (publish them live,
 * wake the outbox). Without one (the seed scripts) notifications are still written, and the
 * outbox sends them when a server runs.
 */
export interface Notifier {
  email: boolean;
  sms: boolean;
  announce(ids: number[]): void;
}

const notifiers = new WeakMap<object, Notifier>();
const silent: Notifier = { email: false, sms: false, announce: () => undefined };

export function registerNotifier(db: Db, notifier: Notifier): () => void {
  notifiers.set(db, notifier);
  return () => {
    if (notifiers.get(db) === notifier) notifiers.delete(db);
  };
}

/** What decides a recipient's channels: their switches and verified SMS number. */
export interface Recipient {
  settings: Partial<NotificationSettings> | null;
  smsPhone: string | null;
}

export interface NotificationInput {
  /** The recipient's row as the caller already read it in this transaction (else it is read here). */
  recipient?: Recipient;
  kind: NotificationKind;
  bookingId: string;
  recipientId: string;
  actorId: string | null;
  data: NotificationData;
}

/**
 * Collects the notifications one change makes. `add` runs inside the change's transaction, so the
 * notification and its deliveries (the outbox rows) are written with the change or not at all;
 * `announce` runs after the commit. A process that dies in between loses nothing: the outbox is
 * drained by whichever instance runs next, and a live stream replays what it missed
 * (Last-Event-ID).
 */
export function notificationsFor(db: Db) {
  const notifier = notifiers.get(db) ?? silent;
  const made: number[] = [];
  return {
    async add(tx: Tx, input: NotificationInput): Promise<number | null> {
      const recipient =
        input.recipient ??
        (
          await queryRows<Recipient>(
            tx,
            sql`SELECT notification_settings AS settings, sms_phone AS "smsPhone" FROM users WHERE id = ${input.recipientId}`,
          )
        )[0];
      if (!recipient) return null;
      const channels = channelsFor(input.kind, recipient.settings, {
        email: notifier.email,
        sms: notifier.sms,
        smsPhone: recipient.smsPhone,
      });
      if (!channels.inApp && !channels.email && !channels.sms) return null;
      // The notification and its deliveries (the outbox rows) in one statement.
      const deliveries = (['email', 'sms'] as const).filter((c) => channels[c]);
      const [row] = await queryRows<{ id: number | string }>(
        tx,
        sql`WITH n AS (
              INSERT INTO ${notifications} (user_id, kind, booking_id, actor_id, data, in_app)
              VALUES (${input.recipientId}, ${input.kind}, ${input.bookingId}, ${input.actorId},
                      ${JSON.stringify(input.data)}::jsonb, ${channels.inApp})
              RETURNING id
            ), d AS (
              INSERT INTO ${notificationDeliveries} (notification_id, channel)
              SELECT n.id, c FROM n, unnest(${`{${deliveries.join(',')}}`}::text[]) AS c
            )
            SELECT id FROM n`,
      );
      const id = Number(row!.id);
      made.push(id);
      return id;
    },
    /** After the commit: publish live and wake the outbox. */
    announce(): void {
      if (made.length > 0) notifier.announce(made.splice(0));
    },
  };
}
