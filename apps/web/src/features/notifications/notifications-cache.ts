import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@meramot/shared';
import { notificationKeys } from '@/lib/query-keys';

/**
 * Changes to the cached notifications without a request: the live stream's events and the
 * optimistic "mark read". Every list (All, Unread) is a TanStack infinite query.
 */
type Pages = InfiniteData<NotificationPage, string | null>;

export const setUnread = (client: QueryClient, unread: number) =>
  client.setQueryData(notificationKeys.unread(), { unread: Math.max(0, unread) });

export const unreadOf = (client: QueryClient) =>
  client.getQueryData<{ unread: number }>(notificationKeys.unread())?.unread ?? 0;

/** A new notification at the top of every cached list (once: a replay after a reconnect may repeat it). */
export function prependNotification(client: QueryClient, notification: Notification) {
  client.setQueriesData<Pages>({ queryKey: notificationKeys.lists() }, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((n) => n.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [notification, ...first!.items] }, ...rest] };
  });
}

/** Marks these notifications (null: all) read in every cached list. */
export function markReadInCache(client: QueryClient, ids: readonly string[] | null, readAt = new Date().toISOString()) {
  client.setQueriesData<Pages>({ queryKey: notificationKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((n) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt } : n)),
          })),
        }
      : data,
  );
}

/** How many of these ids are unread in the cached lists. */
export function unreadAmong(client: QueryClient, ids: readonly string[]): number {
  const unread = new Set<string>();
  for (const [, data] of client.getQueriesData<Pages>({ queryKey: notificationKeys.lists() })) {
    for (const page of data?.pages ?? [])
      for (const n of page.items) if (!n.readAt && ids.includes(n.id)) unread.add(n.id);
  }
  return unread.size;
}
