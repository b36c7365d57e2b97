import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingKeys, publicKeys } from '@/lib/query-keys';

/** DELETE /api/bookings/{id}: the customer cancels a pending booking. */
export const cancelBooking = (id: string) =>
  api<{ message: string; _id: string }>(`/bookings/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicKeys.all });
    },
  });
}
