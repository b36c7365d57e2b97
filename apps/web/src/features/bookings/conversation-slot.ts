import type { Booking } from '@meramot/shared';
import type { ReactNode } from 'react';

/**
 * What a route gives a bookings page for the conversation of each booking (features/conversations,
 * composed in app/routes): the Messages button of a card, and opening a conversation by id.
 */
export interface ConversationSlot {
  /** The Messages button (with its unread badge) among a booking card's actions. */
  button(booking: Booking): ReactNode;
  /** Opens a booking's conversation (a notification's link); the service's name when it is listed. */
  open(bookingId: string, serviceName?: string): void;
}
