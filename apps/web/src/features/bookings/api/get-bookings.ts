import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { bookingKeys } from '../../../lib/query-keys';

/**
 * A person's bookings, newest first: 'user' (GET /api/bookings/user/{email}, the ones they booked)
 * or 'provider' (GET /api/bookings/provider/{email}, the requests for their services).
 */
export type BookingSide = 'user' | 'provider';

export const getBookings = (side: BookingSide, email: string) =>
  api<Booking[]>(`/bookings/${side}/${encodeURIComponent(email)}`, { auth: true });

export const bookingsQueryOptions = (side: BookingSide, email: string) =>
  queryOptions({ queryKey: bookingKeys[side](email), queryFn: () => getBookings(side, email) });

/** The signed-in person's bookings of one side; reloads when the user changes, empty on a load error. */
function useBookings(side: BookingSide) {
  const { user } = useAuth();
  const query = useQuery({ ...bookingsQueryOptions(side, user?.email ?? ''), enabled: !!user });
  return { ...query, bookings: query.isError ? [] : (query.data ?? []) };
}

export const useUserBookings = () => useBookings('user');
export const useProviderBookings = () => useBookings('provider');
