import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLiveEvent } from '@/lib/live-events';
import { conversationKeys } from '@/lib/query-keys';
import { ConversationDialog, type ConversationTarget } from './components/conversation-dialog';
import { MessagesButton } from './components/messages-button';

export interface BookingConversations {
  /** The Messages button of a booking's card, with its unread badge. */
  button(booking: { _id: string; serviceName: string }): ReactNode;
  /** Opens a booking's conversation (from a card, or a notification's link with just the id). */
  open(bookingId: string, serviceName?: string): void;
  /** The conversation dialog, rendered once beside the page. */
  dialog: ReactNode;
}

/**
 * The conversations of a page of bookings, for a route to give its bookings page: a Messages button
 * per card, the dialog, and the live updates of the unread badges (a message of the other party in
 * a conversation that is not open; after a reconnect everything is asked again).
 */
export function useBookingConversations(): BookingConversations {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<ConversationTarget | null>(null);
  const openId = useRef<string | null>(null);
  useEffect(() => {
    openId.current = target?.bookingId ?? null;
  }, [target]);

  useLiveEvent('message', ({ bookingId, message }) => {
    if (message.mine || bookingId === openId.current) return;
    void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
  });
  useLiveEvent('ready', () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }));

  const open = useCallback((bookingId: string, serviceName?: string) => setTarget({ bookingId, serviceName }), []);
  const close = useCallback(() => setTarget(null), []);
  const button = useCallback(
    (booking: { _id: string; serviceName: string }) => (
      <MessagesButton bookingId={booking._id} serviceName={booking.serviceName} onOpen={open} />
    ),
    [open],
  );
  const dialog = useMemo(() => <ConversationDialog target={target} onClose={close} />, [target, close]);
  return useMemo(() => ({ button, open, dialog }), [button, open, dialog]);
}
