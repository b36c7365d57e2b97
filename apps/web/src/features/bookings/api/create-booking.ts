import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingCreate } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { bookingKeys, publicKeys, serviceKeys } from '@/lib/query-keys';

/**
 * The fields the server uses (with the window, where the work happens, the contact and the photos
 * of the problem); it takes the provider, price and customer from the service and the token.
 */
export type NewBooking = Pick<
  BookingCreate,
  | 'serviceId'
  | 'serviceTakingDate'
  | 'specialInstruction'
  | 'window'
  | 'location'
  | 'address'
  | 'customerPhone'
  | 'photoIds'
>;

export interface CreateBookingInput {
  booking: NewBooking;
  /** One key per modal opening: a retried request cannot book twice. */
  idempotencyKey: string;
}

/** POST /api/bookings. */
export const createBooking = ({ booking, idempotencyKey }: CreateBookingInput) =>
  api<Booking>('/bookings', {
    method: 'POST',
    auth: true,
    body: booking,
    headers: { 'idempotency-key': idempotencyKey },
  });

export const useCreateBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      // The new booking goes to the top of the user's list at once; then the lists reload.
      queryClient.setQueryData<Booking[]>(bookingKeys.user(booking.customerEmail), (list) =>
        list ? [booking, ...list.filter((b) => b._id !== booking._id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(booking.serviceId) });
      void queryClient.invalidateQueries({ queryKey: publicKeys.all });
    },
  });
};

/** A random key; crypto.randomUUID needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
