import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { useFallbackRefresh } from '../use-fallback-refresh';
import { setUnread } from '../notifications-cache';

/** Notifications per request (the bell shows the first BELL_SIZE of the first page). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationFilter {
  /** Only the unread ones. */
  unread: boolean;
}

/** GET /api/notifications: a page, newest first, below `cursor` (the previous page's last id). */
export const getNotifications = (filter: NotificationFilter, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filter.unread) query.set('unread', 'true');
  return api<NotificationPage>(`/notifications?${query.toString()}`, { auth: true, signal });
};

export const notificationsQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getNotifications(filter, pageParam, signal);
      // Every page carries the current unread count: the bell follows it.
      setUnread(client, page.unread);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The signed-in person's notifications, page by page ("Load more": fetchNextPage). */
export function useNotifications(filter: NotificationFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const refetchInterval = useFallbackRefresh();
  return useInfiniteQuery({ ...notificationsQueryOptions(filter), enabled, refetchInterval });
}
