import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearUnread } from '../lib/conversation-cache';

/** POST /api/bookings/{id}/messages/read: the other party's messages are read (they then see "Seen"). */
export const markConversationRead = (bookingId: string) =>
  api<{ lastReadId: string | null }>(`/bookings/${encodeURIComponent(bookingId)}/messages/read`, {
    method: 'POST',
    auth: true,
  });

export function useMarkConversationRead(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(bookingId),
    onSuccess: () => clearUnread(queryClient, bookingId),
  });
}
