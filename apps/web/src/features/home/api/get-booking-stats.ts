import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingStats } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { statsKeys } from '@/lib/query-keys';

/** GET /api/bookings/stats: completed jobs and customers, counted from the database. */
export const getBookingStats = () => api<BookingStats>('/bookings/stats');

export const bookingStatsQueryOptions = () =>
  queryOptions({ queryKey: statsKeys.bookings(), queryFn: getBookingStats, staleTime: 60_000 });

export const useBookingStats = () => useQuery(bookingStatsQueryOptions());
