import { sql } from 'drizzle-orm';
import type { Language, NotificationKind } from '@meramot/shared';
import { queryRows, type Db } from '../db/client';
import { notificationLink } from './inbox';
import type { DeliveryContext, EmailContent, Mailer, NotificationData, SmsSender } from './notification-data';
import type { SettingsLinkTokens, ShortLinkRefs } from './settings';

/** Attempts before a delivery is given up (status `failed`). */
export const MAX_ATTEMPTS = 8;
/** A claimed delivery is another instance's to retry only after this (longer than any one send). */
export const LEASE_SECONDS = 120;
const BATCH = 20;

/** Wait before attempt n+1 after n failures: 5 s, 20 s, 80 s, 5 min, 21 min, then every hour. */
export const backoffSeconds = (attempts: number) => Math.min(5 * 4 ** Math.max(attempts - 1, 0), 3600);

export interface OutboxOptions {
  db: Db;
  mailer: Mailer | null;
  sms: SmsSender | null;
  publicUrl: string;
  settingsLinks: SettingsLinkTokens;
  shortLinks: ShortLinkRefs;
  renderEmail(ctx: DeliveryContext): EmailContent;
  renderSms(ctx: DeliveryContext): string;
  pollMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Told of every attempt (metrics). */
  onAttempt?(channel: 'email' | 'sms', outcome: 'sent' | 'retry' | 'failed'): void;
}

interface Claimed {
  id: number;
  channel: 'email' | 'sms';
  attempts: number;
  notification_id: number;
  kind: NotificationKind;
  booking_id: string;
  data: NotificationData;
  created_at: Date | string;
  user_id: string;
  email: string;
  display_name: string | null;
  language: Language;
  sms_phone: string | null;
}

/**
 * The outbox of e-mails and SMS, drained by every instance. A batch of due deliveries is claimed in
 * one statement (`FOR UPDATE SKIP LOCKED`: two instances never claim the same row) by moving its
 * next attempt past a lease; each is sent, then marked sent, or retried with backoff, or failed
 * after MAX_ATTEMPTS. An instance that dies mid-send lets the lease run out and another retries
 * (the Message-ID stays the same, so a mail server or client can drop the copy). Short
 * transactions only: the embedded database has one connection, and nothing waits on a send.
 */
export function createOutbox(options: OutboxOptions) {
  const { db } = options;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = true;
  let again = false;

  async function claim(): Promise<Claimed[]> {
    return queryRows<Claimed>(
      db,
      sql`WITH due AS (
            SELECT id FROM notification_deliveries
            WHERE status = 'pending' AND next_attempt_at <= now()
            ORDER BY next_attempt_at, id
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED
          ), claimed AS (
            UPDATE notification_deliveries d
            SET attempts = d.attempts + 1,
                locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
                next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
            FROM due WHERE d.id = due.id
            RETURNING d.id, d.channel, d.attempts, d.notification_id
          )
          SELECT c.id, c.channel, c.attempts, c.notification_id, n.kind, n.booking_id, n.data, n.created_at,
                 u.id AS user_id, u.email, u.display_name, u.language, u.sms_phone
          FROM claimed c
          JOIN notifications n ON n.id = c.notification_id
          JOIN users u ON u.id = n.user_id
          ORDER BY c.id`,
    );
  }

  async function context(row: Claimed): Promise<DeliveryContext> {
    const token = await options.settingsLinks.sign(row.user_id);
    return {
      notificationId: Number(row.notification_id),
      kind: row.kind,
      bookingId: row.booking_id,
      data: row.data,
      createdAt: new Date(row.created_at),
      recipient: {
        name: row.display_name?.trim() || row.email.split('@')[0] || row.email,
        email: row.email,
        language: row.language,
        smsPhone: row.sms_phone,
      },
      link: `${options.publicUrl}${notificationLink(row.kind, row.booking_id, row.data.role)}`,
      settingsLink: `${options.publicUrl}/notification-settings?token=${encodeURIComponent(token)}`,
      shortLink: `${options.publicUrl}/n/${options.shortLinks.sign(Number(row.notification_id))}`,
    };
  }

  async function deliver(row: Claimed): Promise<void> {
    const ctx = await context(row);
    if (row.channel === 'email') {
      if (!options.mailer) throw new Error('e-mail is not configured (SMTP_URL)');
      const content = options.renderEmail(ctx);
      await options.mailer.send({
        ...content,
        to: ctx.recipient.email,
        messageId: `<notification-${row.notification_id}.email@meramot>`,
      });
    } else {
      if (!options.sms) throw new Error('SMS is not configured');
      if (!ctx.recipient.smsPhone) throw new Error('the recipient has no verified mobile number');
      await options.sms.send(ctx.recipient.smsPhone, options.renderSms(ctx));
    }
  }

  async function settle(row: Claimed, error: unknown): Promise<void> {
    if (!error) {
      await db.execute(
        sql`UPDATE notification_deliveries SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${row.id}`,
      );
      options.onAttempt?.(row.channel, 'sent');
      return;
    }
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const final = row.attempts >= MAX_ATTEMPTS;
    await db.execute(
      final
        ? sql`UPDATE notification_deliveries SET status = 'failed', locked_until = NULL, last_error = ${reason} WHERE id = ${row.id}`
        : sql`UPDATE notification_deliveries SET locked_until = NULL, last_error = ${reason},
                next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)}) WHERE id = ${row.id}`,
    );
    options.onAttempt?.(row.channel, final ? 'failed' : 'retry');
    const log = { delivery: row.id, channel: row.channel, attempts: row.attempts, reason };
    if (final) options.log.error(log, 'notification delivery failed for good');
    else options.log.warn(log, `notification delivery failed; retrying in ${backoffSeconds(row.attempts)} s`);
  }

  /** Claims and sends one batch; answers how many were claimed. */
  async function drainOnce(): Promise<number> {
    const rows = await claim();
    await Promise.all(
      rows.map(async (row) => {
        let error: unknown = null;
        try {
          await deliver(row);
        } catch (err) {
          error = err ?? new Error('unknown error');
        }
        await settle(row, error);
      }),
    );
    return rows.length;
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function tick() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    let claimed = 0;
    try {
      claimed = await drainOnce();
    } catch (err) {
      // The database may be down: try again at the next poll.
      options.log.warn({ err: (err as Error).message }, 'outbox: could not read due deliveries');
    } finally {
      running = false;
    }
    const more = again || claimed === BATCH;
    again = false;
    schedule(more ? 0 : options.pollMs);
  }

  return {
    drainOnce,
    start() {
      stopped = false;
      schedule(0);
    },
    /** Something was just committed: look now rather than at the next poll. */
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** The backlog for /metrics: due-or-waiting deliveries per channel and the oldest one's age. */
export async function outboxBacklog(db: Db): Promise<{ channel: string; pending: number; oldestSeconds: number }[]> {
  return queryRows(
    db,
    sql`SELECT channel, count(*)::int AS pending,
               COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
        FROM notification_deliveries WHERE status = 'pending' GROUP BY channel`,
  );
}
