import type { Booking, BookingStatus } from '@meramot/shared';

/** The tabs of Booked Services; In Progress is the status 'working'. */
export const BOOKING_TABS = ['all', 'pending', 'working', 'completed'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];

export function bookingsInTab(bookings: Booking[], tab: BookingTab): Booking[] {
  return tab === 'all' ? bookings : bookings.filter((b) => statusOf(b) === tab);
}

/** The status as read: status, else serviceStatus, else pending (spec section 3). */
export function statusOf(booking: Booking): BookingStatus {
  return booking.status ?? booking.serviceStatus ?? 'pending';
}

export function isBookingTab(value: string | null): value is BookingTab {
  return (BOOKING_TABS as readonly string[]).includes(value ?? '');
}
