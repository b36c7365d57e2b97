import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  CONVERSATION_OPEN_DAYS,
  MESSAGES_PER_MINUTE,
  type ConversationPage,
  type Message,
  type MessageListQuery,
  type Photo,
  type UnreadConversations,
} from '@meramot/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { bookingMessages, bookingReads, bookings, notifications, users } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { notificationsFor, type Recipient } from '../../notifications/events';
import { personName } from '../bookings/bookings.service';
import { attachPhotos, photosOf } from '../photos/photos.service';

interface Party {
  bookingId: string;
  serviceName: string;
  serviceTakingDate: string;
  me: 'customer' | 'provider';
  otherId: string;
  otherName: string;
  myName: string;
  readOnly: boolean;
  /** The other party's notification switches and SMS number (for their message notification). */
  otherRecipient: Recipient;
}

const DAY_MS = 86_400_000;

/** The booking as one of its two parties sees it; 404 unknown, 403 for anyone else. */
async function partyOf(db: Db | Tx, bookingId: string, userId: string, action: 'read' | 'write'): Promise<Party> {
  const [row] = await queryPrepared<{
    customer_id: string;
    provider_id: string;
    service_name: string;
    service_taking_date: string;
    ended_at: Date | string | null;
    customer_name: string | null;
    customer_email: string;
    provider_name: string | null;
    provider_email: string;
    customer_settings: Recipient['settings'];
    customer_sms: string | null;
    provider_settings: Recipient['settings'];
    provider_sms: string | null;
  }>(
    db,
    'message_party',
    sql`SELECT b.customer_id, b.provider_id, b.service_name, b.service_taking_date::text AS service_taking_date,
               COALESCE(b.cancelled_at, b.completed_at) AS ended_at,
               c.display_name AS customer_name, c.email AS customer_email,
               p.display_name AS provider_name, p.email AS provider_email,
               c.notification_settings AS customer_settings, c.sms_phone AS customer_sms,
               p.notification_settings AS provider_settings, p.sms_phone AS provider_sms
        FROM ${bookings} b
        JOIN ${users} c ON c.id = b.customer_id
        JOIN ${users} p ON p.id = b.provider_id
        WHERE b.id = ${bookingId}`,
  );
  if (!row) throw notFound('Booking not found.');
  const me = row.customer_id === userId ? 'customer' : row.provider_id === userId ? 'provider' : null;
  if (!me) {
    throw forbidden(
      action === 'read'
        ? 'Only the customer and the provider of this booking can read its messages.'
        : 'Only the customer and the provider of this booking can write to it.',
    );
  }
  const customer = personName(row.customer_name, row.customer_email);
  const provider = personName(row.provider_name, row.provider_email);
  const endedAt = row.ended_at ? new Date(row.ended_at).getTime() : null;
  return {
    bookingId,
    serviceName: row.service_name,
    serviceTakingDate: row.service_taking_date,
    me,
    otherId: me === 'customer' ? row.provider_id : row.customer_id,
    otherName: me === 'customer' ? provider : customer,
    myName: me === 'customer' ? customer : provider,
    readOnly: endedAt != null && Date.now() - endedAt > CONVERSATION_OPEN_DAYS * DAY_MS,
    otherRecipient:
      me === 'customer'
        ? { settings: row.provider_settings, smsPhone: row.provider_sms }
        : { settings: row.customer_settings, smsPhone: row.customer_sms },
  };
}

type MessageRow = { id: number; authorId: string; body: string; createdAt: Date };

function toMessage(
  row: MessageRow,
  bookingId: string,
  viewerId: string,
  names: Record<string, string>,
  seenUpTo: number,
  photos: Photo[] = [],
): Message {
  const mine = row.authorId === viewerId;
  return {
    id: String(row.id),
    bookingId,
    mine,
    authorName: names[row.authorId] ?? '',
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    seen: mine && seenUpTo >= row.id,
    photos,
  };
}

async function lastReadOf(db: Db | Tx, bookingId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: bookingReads.lastReadId })
    .from(bookingReads)
    .where(and(eq(bookingReads.bookingId, bookingId), eq(bookingReads.userId, userId)));
  return row?.id ?? 0;
}

/** A page of the booking's conversation, newest first, older than `before`. */
export async function listMessages(
  db: Db,
  bookingId: string,
  userId: string,
  query: MessageListQuery,
): Promise<ConversationPage> {
  const party = await partyOf(db, bookingId, userId, 'read');
  const [rows, seenUpTo, myLastRead] = await Promise.all([
    db
      .select({
        id: bookingMessages.id,
        authorId: bookingMessages.authorId,
        body: bookingMessages.body,
        createdAt: bookingMessages.createdAt,
      })
      .from(bookingMessages)
      .where(
        and(
          eq(bookingMessages.bookingId, bookingId),
          query.before ? lt(bookingMessages.id, Number(query.before)) : undefined,
        ),
      )
      .orderBy(desc(bookingMessages.id))
      .limit(query.limit + 1),
    lastReadOf(db, bookingId, party.otherId),
    lastReadOf(db, bookingId, userId),
  ]);
  const [unread] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${bookingMessages}
        WHERE booking_id = ${bookingId} AND author_id = ${party.otherId} AND id > ${myLastRead}`,
  );
  const names = { [userId]: party.myName, [party.otherId]: party.otherName };
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const photosById = await photosOf(
    db,
    'messageId',
    shown.map((r) => r.id),
  );
  const items = shown.map((r) => toMessage(r, bookingId, userId, names, seenUpTo, photosById.get(String(r.id)) ?? []));
  return {
    items,
    nextCursor: more ? items[items.length - 1]!.id : null,
    serviceName: party.serviceName,
    otherName: party.otherName,
    readOnly: party.readOnly,
    seenUpTo: seenUpTo > 0 ? String(seenUpTo) : null,
    unread: unread?.n ?? 0,
  };
}

const EXCERPT = 140;
/** A cut never leaves half of a character outside the Basic Multilingual Plane (an emoji) behind. */
const excerptOf = (body: string) =>
  body.length > EXCERPT
    ? `${body
        .slice(0, EXCERPT - 1)
        .replace(/[\uD800-\uDBFF]$/, '')
        .trimEnd()}…`
    : body;
/**
 * A lone UTF-16 surrogate (valid in JSON, not in UTF-8) as U+FFFD, as the text column would store
 * it anyway: else the excerpt in the notification's jsonb is refused and the message with it.
 */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * Writes a message, the author's read mark and the notification to the other party in one
 * statement, so all or nothing. At most MESSAGES_PER_MINUTE per person, counted in the database
 * (across every instance) in the author's row: the statement updates it only while fewer than the
 * limit were sent in the last minute, and two sends at once update it one after the other
 * (PostgreSQL re-checks the condition on the row the first one wrote). Two round trips in all:
 * the party, then the statement.
 */
export async function sendMessage(
  db: Db,
  bookingId: string,
  userId: string,
  text: string,
  photoIds: readonly string[] = [],
) {
  const body = wellFormed(text);
  const party = await partyOf(db, bookingId, userId, 'write');
  if (party.readOnly)
    throw conflict('This conversation is closed: it was completed or cancelled more than 30 days ago.');
  const note = notificationsFor(db);
  const notification = note.within(
    {
      kind: 'message_received',
      bookingId,
      recipientId: party.otherId,
      actorId: userId,
      data: {
        serviceName: party.serviceName,
        actorName: party.myName,
        excerpt: excerptOf(body),
        serviceTakingDate: party.serviceTakingDate,
        role: party.me === 'customer' ? 'provider' : 'customer',
      },
    },
    party.otherRecipient,
  );
  const lastMinute = sql`ARRAY(SELECT t FROM unnest(${users.recentMessageTimes}) AS t WHERE t > now() - interval '1 minute')`;
  // With photos, the message and their attachment are one transaction (a photo refused: no message).
  let photos: Photo[] = [];
  const write = async (q: Db | Tx) => {
    const [written] = await queryPrepared<{
      id: number | string;
      author_id: string;
      body: string;
      created_at: Date | string;
      notification_id: number | string | null;
    }>(q, 'message_insert', insertMessage);
    if (written && photoIds.length) {
      ({ attached: photos } = await attachPhotos(q, userId, { messageId: Number(written.id) }, photoIds));
    }
    return written;
  };
  const insertMessage = sql`WITH allowed AS (
          UPDATE ${users} SET recent_message_times = ${lastMinute} || now()
          WHERE id = ${userId} AND cardinality(${lastMinute}) < ${MESSAGES_PER_MINUTE}
          RETURNING id
        ), m AS (
          INSERT INTO ${bookingMessages} (booking_id, author_id, body)
          SELECT ${bookingId}, ${userId}, ${body} FROM allowed
          RETURNING id, author_id, body, created_at
        ), r AS (
          INSERT INTO ${bookingReads} (booking_id, user_id, last_read_id)
          SELECT ${bookingId}, ${userId}, id FROM m
          ON CONFLICT (booking_id, user_id) DO UPDATE
            SET last_read_id = GREATEST(${bookingReads}.last_read_id, excluded.last_read_id), read_at = now()
        )${notification ? sql`, ${notification.ctes('m')}` : sql``}
        SELECT id, author_id, body, created_at,
               ${notification ? sql`(SELECT id FROM n)` : sql`NULL`} AS notification_id
        FROM m`;
  const inserted = photoIds.length ? await db.transaction(write) : await write(db);
  if (!inserted) {
    throw new HttpError(429, 'You are sending messages too fast. Please wait a minute and try again.');
  }
  if (notification && inserted.notification_id != null) notification.made(inserted.notification_id);
  note.announce();
  const row: MessageRow = {
    id: Number(inserted.id),
    authorId: inserted.author_id,
    body: inserted.body,
    createdAt: new Date(inserted.created_at),
  };
  const names = { [userId]: party.myName, [party.otherId]: party.otherName };
  return {
    party,
    forMe: toMessage(row, bookingId, userId, names, 0, photos),
    forOther: toMessage(row, bookingId, party.otherId, names, 0, photos),
  };
}

/**
 * Marks the other party's messages read up to the newest, and the caller's message notifications
 * of this booking with them. Answers the new read mark (null: nothing to read) and whether
 * notifications changed.
 */
export async function markConversationRead(db: Db, bookingId: string, userId: string) {
  const party = await partyOf(db, bookingId, userId, 'read');
  const [latest] = await queryRows<{ id: number | null }>(
    db,
    sql`SELECT max(id)::bigint AS id FROM ${bookingMessages} WHERE booking_id = ${bookingId}`,
  );
  const lastId = latest?.id == null ? null : Number(latest.id);
  const before = await lastReadOf(db, bookingId, userId);
  if (lastId != null && lastId > before) {
    await db
      .insert(bookingReads)
      .values({ bookingId, userId, lastReadId: lastId })
      .onConflictDoUpdate({
        target: [bookingReads.bookingId, bookingReads.userId],
        set: { lastReadId: sql`GREATEST(${bookingReads.lastReadId}, excluded.last_read_id)`, readAt: sql`now()` },
      });
  }
  const cleared = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.bookingId, bookingId),
        eq(notifications.kind, 'message_received'),
        sql`${notifications.readAt} IS NULL`,
      ),
    )
    .returning({ id: notifications.id });
  return {
    party,
    lastReadId: lastId,
    advanced: lastId != null && lastId > before,
    notificationsCleared: cleared.length,
  };
}

/** The caller's bookings with messages they have not read, and how many. */
export async function unreadConversations(db: Db, userId: string): Promise<UnreadConversations> {
  const rows = await queryRows<{ booking_id: string; unread: number }>(
    db,
    sql`SELECT m.booking_id, count(*)::int AS unread
        FROM ${bookingMessages} m
        JOIN ${bookings} b ON b.id = m.booking_id
        LEFT JOIN ${bookingReads} r ON r.booking_id = m.booking_id AND r.user_id = ${userId}
        WHERE (b.customer_id = ${userId} OR b.provider_id = ${userId})
          AND m.author_id <> ${userId}
          AND m.id > COALESCE(r.last_read_id, 0)
        GROUP BY m.booking_id`,
  );
  return { bookings: rows.map((r) => ({ bookingId: r.booking_id, unread: r.unread })) };
}
