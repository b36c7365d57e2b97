import { ENDED_STATES, type Booking, type BookingState } from '@meramot/shared';

/**
 * The tabs of Booked Services and Service To-Do: every active state, and 'ended' (cancelled,
 * declined and expired, loaded with `?state=ended`).
 */
export const BOOKING_TABS = ['all', 'pending', 'accepted', 'working', 'completed', 'ended'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];
/** The tabs listing the active bookings. */
export type ActiveTab = Exclude<BookingTab, 'ended'>;

export const isEnded = (booking: Pick<Booking, 'state'>) =>
  (ENDED_STATES as readonly BookingState[]).includes(booking.state);

export function bookingsInTab(bookings: Booking[], tab: ActiveTab): Booking[] {
  return tab === 'all' ? bookings : bookings.filter((b) => b.state === tab);
}

/**
 * The i18n key (bookings namespace) of a state's name: one name per state on every screen
 * (the working state is "Working" everywhere).
 */
export function stateKey(state: BookingState): string {
  return `status.${state}`;
}

/** Ended bookings, the latest ended first. */
export const byEndedDesc = (a: Booking, b: Booking) => (b.endedAt ?? b.bookedAt).localeCompare(a.endedAt ?? a.bookedAt);
