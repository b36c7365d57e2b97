import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-context';
import { bookingsKeys } from './bookings-keys';

/** GET /api/bookings/user/{email}: the signed-in customer's bookings, newest first. */
export const getUserBookings = (email: string) =>
  api<Booking[]>(`/bookings/user/${encodeURIComponent(email)}`, { auth: true });

export const userBookingsQueryOptions = (email: string) =>
  queryOptions({ queryKey: bookingsKeys.user(email), queryFn: () => getUserBookings(email) });

/** The user's bookings; reloads when the user changes, and is empty on a load error. */
export function useUserBookings() {
  const { user } = useAuth();
  const query = useQuery({ ...userBookingsQueryOptions(user?.email ?? ''), enabled: !!user });
  return { ...query, bookings: query.isError ? [] : (query.data ?? []) };
}
