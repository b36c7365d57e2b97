import type { Booking, BookingStatus } from '@meramot/shared';

/** The tabs of Booked Services; In Progress is the status 'working'. */
export const BOOKING_TABS = ['all', 'pending', 'working', 'completed'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];

export function bookingsInTab(bookings: Booking[], tab: BookingTab | BookingStatus): Booking[] {
  return tab === 'all' ? bookings : bookings.filter((b) => b.status === tab);
}

/**
 * The i18n key of a status's name: Booked Services says In Progress (spec: its tabs), the Bookings
 * and Service To-Do pages say Working (`short`, spec: the to-do cards and dropdown).
 */
export function statusKey(status: BookingStatus, short = false): string {
  return short && status === 'working' ? 'status.workingShort' : `status.${status}`;
}
