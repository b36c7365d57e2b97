import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@meramot/shared';
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

export interface NotificationInput {
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
      const [recipient] = await queryRows<{ settings: NotificationData | null; sms_phone: string | null }>(
        tx,
        sql`SELECT notification_settings AS settings, sms_phone FROM users WHERE id = ${input.recipientId}`,
      );
      if (!recipient) return null;
      const channels = channelsFor(input.kind, recipient.settings as never, {
        email: notifier.email,
        sms: notifier.sms,
        smsPhone: recipient.sms_phone,
      });
      if (!channels.inApp && !channels.email && !channels.sms) return null;
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: input.recipientId,
          kind: input.kind,
          bookingId: input.bookingId,
          actorId: input.actorId,
          data: input.data,
          inApp: channels.inApp,
        })
        .returning({ id: notifications.id });
      const deliveries = (['email', 'sms'] as const).filter((c) => channels[c]);
      if (deliveries.length > 0) {
        await tx
          .insert(notificationDeliveries)
          .values(deliveries.map((channel) => ({ notificationId: row!.id, channel })));
      }
      made.push(row!.id);
      return row!.id;
    },
    /** After the commit: publish live and wake the outbox. */
    announce(): void {
      if (made.length > 0) notifier.announce(made.splice(0));
    },
  };
}
