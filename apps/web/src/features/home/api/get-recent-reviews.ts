import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REVIEWS_DEFAULT } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys';

/**
 * GET /api/reviews/recent?limit=N (N = 4 by default). The answer is kept as `unknown`: the
 * testimonials carousel validates each entry itself (see lib/to-testimonials.ts).
 */
export const getRecentReviews = (limit: number = RECENT_REVIEWS_DEFAULT) =>
  api<unknown>(`/reviews/recent?limit=${limit}`);

export const recentReviewsQueryOptions = (limit: number = RECENT_REVIEWS_DEFAULT) =>
  queryOptions({ queryKey: reviewKeys.recent(limit), queryFn: () => getRecentReviews(limit) });

export const useRecentReviews = (limit?: number) => useQuery(recentReviewsQueryOptions(limit));
