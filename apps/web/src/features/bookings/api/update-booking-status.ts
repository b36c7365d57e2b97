import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingStatus } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { bookingsKeys } from './bookings-keys';

/** PUT /api/bookings/{id}/status: the provider sets the status (sent as status and serviceStatus). */
export const updateBookingStatus = ({ id, status }: { id: string; status: BookingStatus }) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    auth: true,
    body: { status, serviceStatus: status },
  });

/** After a status change both lists reload; a failure is rethrown to the caller (mutateAsync). */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKeys.all }),
  });
}
