import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { markReadInCache, setUnread, unreadAmong, unreadOf } from '../notifications-cache';

/** POST /api/notifications/read: these notifications, or every one (no ids); answers the new unread count. */
export const markNotificationsRead = (ids?: readonly string[]) =>
  api<{ unread: number }>('/notifications/read', { method: 'POST', body: ids ? { ids } : {}, auth: true });

/**
 * Marks notifications read: `mutate(ids)` for some, `mutate(undefined)` for all. The count and the
 * lists change at once (optimistic) and go back if the server refuses; the server's count wins.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | undefined) => markNotificationsRead(ids),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: notificationKeys.all });
      const snapshot = client.getQueriesData({ queryKey: notificationKeys.all });
      const unread = unreadOf(client);
      setUnread(client, ids ? unread - unreadAmong(client, ids) : 0);
      markReadInCache(client, ids ?? null);
      return { snapshot };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
    },
    onSuccess: (answer) => setUnread(client, answer.unread),
  });
}
