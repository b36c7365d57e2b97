import { and, desc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationListQuery, NotificationPage } from '@meramot/shared';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { NotificationData } from './notification-data';

/**
 * Where a notification leads in the web app: the booking in its recipient's list, Service To-Do for
 * the provider and Booked Services for the customer (the web app's /bookings, where links sent
 * before went, redirects to the same places).
 */
export function notificationLink(kind: NotificationKind, bookingId: string, role: 'customer' | 'provider'): string {
  const query = new URLSearchParams({ booking: bookingId });
  if (kind === 'booking_completed') query.set('review', '1');
  if (kind === 'message_received') query.set('chat', '1');
  return `${role === 'provider' ? '/service-todo' : '/booked-services'}?${query}`;
}

type Row = typeof notifications.$inferSelect;

export function toApiNotification(
  row: Pick<Row, 'id' | 'kind' | 'bookingId' | 'data' | 'createdAt' | 'readAt'>,
): Notification {
  const data = row.data as NotificationData;
  const kind = row.kind as NotificationKind;
  return {
    id: String(row.id),
    kind,
    bookingId: row.bookingId,
    serviceName: data.serviceName,
    actorName: data.actorName,
    excerpt: data.excerpt ?? null,
    rating: data.rating ?? null,
    serviceTakingDate: data.serviceTakingDate ?? null,
    link: notificationLink(kind, row.bookingId, data.role),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

const shown = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(shown(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of the person's notifications, newest first, from below `cursor`. */
export async function listNotifications(
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        shown(userId),
        query.cursor ? lt(notifications.id, Number(query.cursor)) : undefined,
        query.unread === 'true' ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toApiNotification);
  return { items, nextCursor: more ? items[items.length - 1]!.id : null, unread: await unreadCount(db, userId) };
}

/** Marks the given notifications of the person read (all of them without ids); answers how many are left unread. */
export async function markRead(db: Db, userId: string, ids?: string[]): Promise<{ changed: number; unread: number }> {
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(shown(userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids.map(Number)) : undefined),
    )
    .returning({ id: notifications.id });
  return { changed: changed.length, unread: await unreadCount(db, userId) };
}

/** The person's notifications after `afterId` (a reconnecting stream's Last-Event-ID), oldest first. */
export async function notificationsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit = 200,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(shown(userId), sql`${notifications.id} > ${afterId}`))
    .orderBy(notifications.id)
    .limit(limit);
  return rows.map(toApiNotification);
}

/** The notifications with these ids (just committed), for publishing them live. */
export async function notificationsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, ids)).orderBy(notifications.id);
}

/** Notifications by id, each with its recipient's unread count (their live publication). */
export async function notificationsWithUnread(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  // Written out: in a one-table select drizzle names columns without their table, and the
  // subquery's own user_id would then shadow the outer row's.
  return db
    .select({
      ...getTableColumns(notifications),
      unread: sql<number>`(SELECT count(*)::int FROM ${notifications} AS mine
        WHERE mine.user_id = ${sql.identifier('notifications')}.user_id AND mine.in_app AND mine.read_at IS NULL)`,
    })
    .from(notifications)
    .where(inArray(notifications.id, ids))
    .orderBy(notifications.id);
}

/** The notifications shown in the app made in the last `seconds`, oldest first (the streams' catch-up). */
export async function recentNotifications(db: Db, seconds: number, limit = 5000) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.inApp, true), sql`${notifications.createdAt} > now() - make_interval(secs => ${seconds})`),
    )
    .orderBy(notifications.id)
    .limit(limit);
  return rows.map((row) => ({ userId: row.userId, notification: toApiNotification(row) }));
}
