import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIVE_FALLBACK_REFRESH_MS, type ConversationPage } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { conversationKeys } from '@/lib/query-keys';

/** GET /api/bookings/{id}/messages?before: one page of a booking's conversation, newest first. */
export const getConversation = (bookingId: string, before: string | null, signal?: AbortSignal) =>
  api<ConversationPage>(
    `/bookings/${encodeURIComponent(bookingId)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    { auth: true, signal },
  );

/** The conversation's pages: the newest first, each next one older (`nextCursor`, the oldest id shown). */
export const conversationQueryOptions = (bookingId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.detail(bookingId),
    queryFn: ({ pageParam, signal }) => getConversation(bookingId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Opening a conversation always asks for what was written meanwhile.
    staleTime: 0,
  });

/** An open conversation; without a live stream it is refreshed every 30 s. */
export function useConversation(bookingId: string) {
  const live = useLiveStatus() === 'live';
  return useInfiniteQuery({
    ...conversationQueryOptions(bookingId),
    refetchInterval: live ? false : LIVE_FALLBACK_REFRESH_MS,
  });
}
