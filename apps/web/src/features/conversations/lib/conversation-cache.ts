import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ConversationPage, Message, UnreadConversations } from '@meramot/shared';
import { conversationKeys } from '@/lib/query-keys';
import { isNewer } from './message-ids';

/** A conversation in the cache: its pages, newest first, each answered with a `before` cursor. */
export type ConversationData = InfiniteData<ConversationPage, string | null>;

/**
 * Adds a message (sent here, or a live event) to a cached conversation, once: an id already there
 * (the same message from another tab, or the answer to a send) is not added again. Answers whether
 * the conversation was in the cache.
 */
export function addMessage(queryClient: QueryClient, bookingId: string, message: Message): boolean {
  const key = conversationKeys.detail(bookingId);
  if (!queryClient.getQueryData<ConversationData>(key)) return false;
  queryClient.setQueryData<ConversationData>(key, (data) => {
    if (!data?.pages[0] || data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    const at = first.items.findIndex((m) => !isNewer(m.id, message.id));
    const items = at < 0 ? [...first.items, message] : [...first.items.slice(0, at), message, ...first.items.slice(at)];
    return { ...data, pages: [{ ...first, items }, ...rest] };
  });
  return true;
}

/** The other party has read the caller's messages up to `seenUpTo` (it only ever moves forward). */
export function setSeenUpTo(queryClient: QueryClient, bookingId: string, seenUpTo: string): void {
  queryClient.setQueryData<ConversationData>(conversationKeys.detail(bookingId), (data) => {
    const first = data?.pages[0];
    if (!data || !first || (first.seenUpTo && !isNewer(seenUpTo, first.seenUpTo))) return data;
    return { ...data, pages: [{ ...first, seenUpTo }, ...data.pages.slice(1)] };
  });
}

/** The caller read a conversation: no unread messages in it, nor on its booking's badge. */
export function clearUnread(queryClient: QueryClient, bookingId: string): void {
  queryClient.setQueryData<ConversationData>(conversationKeys.detail(bookingId), (data) => {
    const first = data?.pages[0];
    if (!data || !first || first.unread === 0) return data;
    return { ...data, pages: [{ ...first, unread: 0 }, ...data.pages.slice(1)] };
  });
  queryClient.setQueryData<UnreadConversations>(conversationKeys.unread(), (data) =>
    data ? { bookings: data.bookings.filter((b) => b.bookingId !== bookingId) } : data,
  );
}
