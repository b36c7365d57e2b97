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
  announce(made: MadeNotification[]): void;
}

/** A notification a committed change made: what its publication needs to know without a query. */
export interface MadeNotification {
  id: number;
  userId: string;
  /** Shown in the app (else it only goes out by e-mail or SMS). */
  inApp: boolean;
  /** How many outbox rows (e-mail, SMS) it has. */
  deliveries: number;
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
  const made: MadeNotification[] = [];

  /** What one notification writes, for a recipient already read; null when it goes nowhere. */
  function plan(input: NotificationInput, recipient: Recipient) {
    const channels = channelsFor(input.kind, recipient.settings, {
      email: notifier.email,
      sms: notifier.sms,
      smsPhone: recipient.smsPhone,
    });
    if (!channels.inApp && !channels.email && !channels.sms) return null;
    const deliveries = (['email', 'sms'] as const).filter((c) => channels[c]);
    return {
      /**
       * The CTEs `n` (the notification) and `d` (its deliveries, the outbox rows), written once
       * for each row of the statement's CTE `gate` (none: once).
       */
      ctes: (gate?: string) =>
        sql`n AS (
              INSERT INTO ${notifications} (user_id, kind, booking_id, actor_id, data, in_app)
              SELECT ${input.recipientId}, ${input.kind}, ${input.bookingId}, ${input.actorId},
                     ${JSON.stringify(input.data)}::jsonb, ${channels.inApp}
              ${gate ? sql`FROM ${sql.identifier(gate)}` : sql``}
              RETURNING id
            ), d AS (
              INSERT INTO ${notificationDeliveries} (notification_id, channel)
              SELECT n.id, c FROM n, unnest(${`{${deliveries.join(',')}}`}::text[]) AS c
            )`,
      /** Once the statement has run: its id, for `announce`. */
      made(id: number | string) {
        made.push({ id: Number(id), userId: input.recipientId, inApp: channels.inApp, deliveries: deliveries.length });
        return Number(id);
      },
    };
  }

  return {
    /** Writes the notification and its deliveries in `tx` (one statement). */
    async add(tx: Tx, input: NotificationInput): Promise<number | null> {
      const recipient =
        input.recipient ??
        (
          await queryRows<Recipient>(
            tx,
            sql`SELECT notification_settings AS settings, sms_phone AS "smsPhone" FROM users WHERE id = ${input.recipientId}`,
          )
        )[0];
      const writes = recipient ? plan(input, recipient) : null;
      if (!writes) return null;
      const [row] = await queryRows<{ id: number | string }>(tx, sql`WITH ${writes.ctes()} SELECT id FROM n`);
      return writes.made(row!.id);
    },
    /**
     * For a change that is one statement of its own (a message): the notification's CTEs to put in
     * that statement, so that both are written or neither; null when the notification goes nowhere.
     */
    within: plan,
    /** After the commit: publish live and wake the outbox. */
    announce(): void {
      if (made.length > 0) notifier.announce(made.splice(0));
    },
  };
}
