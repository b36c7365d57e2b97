import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreate } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { bookingKeys, publicKeys, serviceKeys } from '@/lib/query-keys';

/** What Meramot sends: the booking decides the service, provider and customer (from the token). */
export type NewReview = Pick<ReviewCreate, 'bookingId' | 'rating' | 'title' | 'comment'>;

/** POST /api/reviews with the booking and the review's own fields. */
export const createReview = (review: NewReview) =>
  api<Review>('/reviews', { method: 'POST', auth: true, body: review });

/** PUT /api/reviews/{id}: the customer's edit, within 7 days of writing it. */
export const updateReview = (id: string, review: Pick<ReviewCreate, 'rating' | 'title' | 'comment'>) =>
  api<Review>(`/reviews/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: review });

/** After a review the bookings lists (reviewed flag) and the service's reviews and detail reload. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview & { editing?: string }) =>
      review.editing
        ? updateReview(review.editing, { rating: review.rating, title: review.title, comment: review.comment })
        : createReview(review),
    onSettled: (review) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicKeys.all });
      if (review) void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(review.serviceId) });
    },
  });
}
