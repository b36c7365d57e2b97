import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@meramot/shared';
import { api, errorKind } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { addMessage } from '../lib/conversation-cache';

/** What a message carries: its text, and the ids of the photos attached (issue 23; with them the text may be empty). */
export interface NewMessage {
  body: string;
  photoIds?: string[];
}

/** POST /api/bookings/{id}/messages { body, photoIds? } → 201 the message. */
export const sendMessage = (bookingId: string, { body, photoIds }: NewMessage) =>
  api<Message>(`/bookings/${encodeURIComponent(bookingId)}/messages`, {
    method: 'POST',
    auth: true,
    body: photoIds?.length ? { body, photoIds } : { body },
  });

/**
 * Sends a message; once the server has it, it joins the conversation (once, should its live event
 * come first). A 409 (the conversation closed meanwhile) reloads it, which disables the composer.
 */
export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => sendMessage(bookingId, message),
    onSuccess: (message) => {
      // Sent before the conversation loaded: ask for it again, with the message.
      if (!addMessage(queryClient, bookingId, message)) {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(bookingId) });
      }
    },
    onError: (error) => {
      if (errorKind(error) === 'conflict') {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(bookingId) });
      }
    },
  });
}
