import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-context';
import { bookingsKeys } from './bookings-keys';

/** GET /api/bookings/provider/{email}: the booking requests for the signed-in provider's services. */
export const getProviderBookings = (email: string) =>
  api<Booking[]>(`/bookings/provider/${encodeURIComponent(email)}`, { auth: true });

export const providerBookingsQueryOptions = (email: string) =>
  queryOptions({ queryKey: bookingsKeys.provider(email), queryFn: () => getProviderBookings(email) });

/** The provider's requests; reloads when the user changes, and is empty on a load error. */
export function useProviderBookings() {
  const { user } = useAuth();
  const query = useQuery({ ...providerBookingsQueryOptions(user?.email ?? ''), enabled: !!user });
  return { ...query, bookings: query.isError ? [] : (query.data ?? []) };
}
