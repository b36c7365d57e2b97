import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '@/lib/live-events';
import { conversationKeys } from '@/lib/query-keys';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { addMessage, setSeenUpTo } from './conversation-cache';

/**
 * An open conversation follows the live stream: a new message joins it at once (without a
 * refetch; the caller's own from another tab only once), and "Seen" moves with the other party.
 */
export function useConversationLive(bookingId: string): void {
  const queryClient = useQueryClient();
  useLiveEvent('message', (event) => {
    if (event.bookingId !== bookingId) return;
    const key = conversationKeys.detail(bookingId);
    // Not loaded yet, or a refresh on its way that may have been answered without it: ask again.
    const added = addMessage(queryClient, bookingId, event.message);
    if (!added || queryClient.isFetching({ queryKey: key }) > 0) void queryClient.invalidateQueries({ queryKey: key });
  });
  useLiveEvent('seen', (event) => {
    if (event.bookingId === bookingId) setSeenUpTo(queryClient, bookingId, event.seenUpTo);
  });
}

/**
 * Marks the other party's messages read while the conversation is open and the tab visible: on
 * opening (once loaded, `newestTheirs` not undefined) and whenever a newer message of theirs comes.
 */
export function useMarkReadWhileOpen(bookingId: string, newestTheirs: string | null | undefined): void {
  const { mutate } = useMarkConversationRead(bookingId);
  const marked = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (newestTheirs === undefined) return;
    const mark = () => {
      if (document.visibilityState === 'hidden' || marked.current === newestTheirs) return;
      marked.current = newestTheirs;
      mutate();
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestTheirs, mutate]);
}
