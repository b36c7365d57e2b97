import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { bookingKeys } from '@/lib/query-keys';

/**
 * A person's bookings, newest first: 'user' (GET /api/bookings/user/{email}, the ones they booked)
 * or 'provider' (GET /api/bookings/provider/{email}, the requests for their services).
 */
export type BookingSide = 'user' | 'provider';

/** 'active': pending, accepted, working and completed; 'ended': cancelled, declined and expired (`?state=ended`). */
export type BookingList = 'active' | 'ended';

export const getBookings = (side: BookingSide, email: string, list: BookingList = 'active') =>
  api<Booking[]>(`/bookings/${side}/${encodeURIComponent(email)}${list === 'ended' ? '?state=ended' : ''}`, {
    auth: true,
  });

/** The ended list's key sits under the side's key: a change that reloads one reloads both. */
export const bookingsQueryOptions = (side: BookingSide, email: string, list: BookingList = 'active') =>
  queryOptions({
    queryKey: list === 'ended' ? ([...bookingKeys[side](email), 'ended'] as const) : bookingKeys[side](email),
    queryFn: () => getBookings(side, email, list),
  });

/** The signed-in person's bookings of one side; reloads when the user changes, empty on a load error. */
function useBookings(side: BookingSide, list: BookingList = 'active') {
  const { user } = useAuth();
  const query = useQuery({ ...bookingsQueryOptions(side, user?.email ?? '', list), enabled: !!user });
  return { ...query, bookings: query.isError ? [] : (query.data ?? []) };
}

export const useUserBookings = () => useBookings('user');
export const useProviderBookings = () => useBookings('provider');
/** Cancelled, declined and expired bookings of one side. */
export const useEndedBookings = (side: BookingSide) => useBookings(side, 'ended');
