import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingStatus, bookingStatusUpdateSchema } from '@meramot/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { bookingKeys } from '@/lib/query-keys';

/** PUT /api/bookings/{id}/status: the provider sets the status. */
export const updateBookingStatus = ({ id, status }: { id: string; status: BookingStatus }) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    auth: true,
    body: { status } satisfies z.input<typeof bookingStatusUpdateSchema>,
  });

/** After a status change both lists reload; a failure is rethrown to the caller (mutateAsync). */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
