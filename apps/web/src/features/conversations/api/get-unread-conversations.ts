import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_FALLBACK_REFRESH_MS, type UnreadConversations } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useLiveStatus } from '@/lib/live-events';
import { conversationKeys } from '@/lib/query-keys';

/** GET /api/messages/unread: the caller's bookings with unread messages, and how many. */
export const getUnreadConversations = (signal?: AbortSignal) =>
  api<UnreadConversations>('/messages/unread', { auth: true, signal });

export const unreadConversationsQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.unread(), queryFn: ({ signal }) => getUnreadConversations(signal) });

const toMap = (data: UnreadConversations): Record<string, number> =>
  Object.fromEntries(data.bookings.map((b) => [b.bookingId, b.unread]));

/**
 * Unread messages per booking (bookingId → count; a booking without any is absent). Live events
 * keep it current (features/conversations/use-booking-conversations); without a stream it is
 * refreshed every 30 s.
 */
export function useUnreadConversations<T = Record<string, number>>(select?: (unread: Record<string, number>) => T) {
  const { user } = useAuth();
  const live = useLiveStatus() === 'live';
  return useQuery({
    ...unreadConversationsQueryOptions(),
    enabled: !!user,
    select: (data) => {
      const map = toMap(data);
      return select ? select(map) : (map as T);
    },
    refetchInterval: live ? false : LIVE_FALLBACK_REFRESH_MS,
  });
}
