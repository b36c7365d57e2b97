import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The name a notification shows for a person: their display name, else the part before the @. */
const nameOf = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.display_name), ''), split_part(${alias}.email, '@', 1))`);
const facts = (actor: string, role: 'customer' | 'provider') =>
  sql`jsonb_build_object('serviceName', b.service_name, 'actorName', ${nameOf(actor)},
        'serviceTakingDate', b.service_taking_date::text, 'price', b.price, 'role', ${role}::text)`;
/** Older than two days: read; newer: still unread, so a demo account opens with a few in its bell. */
const readMark = (at: string) =>
  sql.raw(`CASE WHEN ${at} < now() - interval '2 days' THEN ${at} + interval '3 hours' END`);

/** A few lines of a conversation about a job, as customer (c) and provider (p) write them. */
const CONVERSATION: ['c' | 'p', string][] = [
  ['c', 'Hello, can you come in the afternoon? Anytime after 3 pm works.'],
  ['p', 'Yes, I will be there around 4 pm. Please keep the device charged.'],
  ['c', 'ঠিক আছে, ধন্যবাদ! গেটে দারোয়ানকে বলে রাখব।'],
];

/**
 * The demo's history as the app would have told it: every booking, cancellation, status change and
 * review of the demo data becomes the notification it would have made then (no e-mail or SMS is
 * sent for the past), and the newest bookings carry a short conversation, so the bell, the
 * notifications page and the conversations show something on a first start.
 */
export async function seedDemoNotifications(tx: Tx): Promise<void> {
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, booking_id, actor_id, data, in_app, created_at, read_at)
    SELECT b.provider_id, 'booking_requested', b.id, b.customer_id,
           ${facts('c', 'provider')} || jsonb_build_object('excerpt', nullif(b.special_instruction, '')),
           true, b.booked_at, ${readMark('b.booked_at')}
    FROM bookings b JOIN users c ON c.id = b.customer_id
    UNION ALL
    SELECT b.customer_id, 'booking_working', b.id, b.provider_id, ${facts('p', 'customer')},
           true, b.started_at, ${readMark('b.started_at')}
    FROM bookings b JOIN users p ON p.id = b.provider_id
    WHERE b.started_at IS NOT NULL AND b.cancelled_at IS NULL
      AND (b.completed_at IS NULL OR b.completed_at > b.started_at)
    UNION ALL
    SELECT b.customer_id, 'booking_completed', b.id, b.provider_id, ${facts('p', 'customer')},
           true, b.completed_at, ${readMark('b.completed_at')}
    FROM bookings b JOIN users p ON p.id = b.provider_id
    WHERE b.completed_at IS NOT NULL
    UNION ALL
    SELECT b.provider_id, 'booking_cancelled', b.id, b.customer_id, ${facts('c', 'provider')},
           true, b.cancelled_at, ${readMark('b.cancelled_at')}
    FROM bookings b JOIN users c ON c.id = b.customer_id
    WHERE b.cancelled_at IS NOT NULL
    UNION ALL
    SELECT r.provider_id, 'review_received', b.id, r.customer_id,
           ${facts('c', 'provider')} || jsonb_build_object('rating', r.rating, 'excerpt', r.title),
           true, r.created_at, ${readMark('r.created_at')}
    FROM reviews r JOIN bookings b ON b.id = r.booking_id JOIN users c ON c.id = r.customer_id
    ORDER BY 7`);

  // A conversation on each of the twelve newest live bookings, a few minutes after the booking.
  const lines = CONVERSATION.map(([who, body], i) => sql`(${i}::int, ${who}::text, ${body}::text)`);
  await tx.execute(sql`
    WITH recent AS (
      SELECT id, customer_id, provider_id, booked_at FROM bookings
      WHERE cancelled_at IS NULL AND status <> 'completed'
      ORDER BY booked_at DESC LIMIT 12
    ), script(n, who, body) AS (VALUES ${sql.join(lines, sql`, `)})
    INSERT INTO booking_messages (booking_id, author_id, body, created_at)
    SELECT r.id, CASE s.who WHEN 'c' THEN r.customer_id ELSE r.provider_id END, s.body,
           LEAST(r.booked_at + (s.n + 1) * interval '7 minutes', now())
    FROM recent r CROSS JOIN script s
    ORDER BY r.booked_at, s.n`);
  // The provider has read the conversation up to the customer's last line but one; the customer all of it.
  await tx.execute(sql`
    INSERT INTO booking_reads (booking_id, user_id, last_read_id, read_at)
    SELECT m.booking_id, m.author_id, max(m.id), max(m.created_at)
    FROM booking_messages m GROUP BY m.booking_id, m.author_id`);
  // The customer's last line is new to the provider: a message notification, unread.
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, booking_id, actor_id, data, in_app, created_at)
    SELECT b.provider_id, 'message_received', b.id, b.customer_id,
           ${facts('c', 'provider')} || jsonb_build_object('excerpt', m.body), true, m.created_at
    FROM booking_messages m
    JOIN bookings b ON b.id = m.booking_id AND m.author_id = b.customer_id
    JOIN users c ON c.id = b.customer_id
    WHERE m.id = (SELECT max(id) FROM booking_messages WHERE booking_id = b.id)`);
}
