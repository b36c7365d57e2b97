import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreate } from '@meramot/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/reviews. The server uses bookingId, rating, title and comment (service, provider and
 * customer come from the booking and the verified token); the spec's other fields are sent as info.
 */
export const createReview = (review: ReviewCreate) =>
  api<Review>('/reviews', { method: 'POST', auth: true, body: review });

/** After a review the bookings lists (reviewed flag) and the service's reviews and detail reload. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSettled: (_data, _error, review) => {
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['public'] });
      if (typeof review.serviceId === 'string') {
        void queryClient.invalidateQueries({ queryKey: ['services', 'detail', review.serviceId] });
      }
    },
  });
}
