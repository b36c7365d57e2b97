import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { useFallbackRefresh } from '../use-fallback-refresh';

/** GET /api/notifications/unread-count: how many notifications the signed-in person has not read. */
export const getUnreadCount = (signal?: AbortSignal) =>
  api<{ unread: number }>('/notifications/unread-count', { auth: true, signal });

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.unread(), queryFn: ({ signal }) => getUnreadCount(signal) });

/** The unread count (0 until known, and after a failed refresh it keeps the last one). */
export function useUnreadCount(): number {
  const refetchInterval = useFallbackRefresh();
  const { data } = useQuery({ ...unreadCountQueryOptions(), refetchInterval });
  return data?.unread ?? 0;
}
