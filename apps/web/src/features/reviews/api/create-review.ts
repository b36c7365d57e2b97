import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreate } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { bookingKeys, publicKeys, serviceKeys } from '../../../lib/query-keys';

/** What Meramot sends: the booking decides the service, provider and customer (from the token). */
export type NewReview = Pick<ReviewCreate, 'bookingId' | 'rating' | 'title' | 'comment'>;

/** POST /api/reviews with the booking and the review's own fields. */
export const createReview = (review: NewReview) =>
  api<Review>('/reviews', { method: 'POST', auth: true, body: review });

/** After a review the bookings lists (reviewed flag) and the service's reviews and detail reload. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSettled: (review) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicKeys.all });
      if (review) void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(review.serviceId) });
    },
  });
}
