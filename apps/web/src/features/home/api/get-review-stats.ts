import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStats } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { statsKeys } from '@/lib/query-keys';

/** GET /api/reviews/stats: review figures and the mean provider response time. */
export const getReviewStats = () => api<ReviewStats>('/reviews/stats');

export const reviewStatsQueryOptions = () =>
  queryOptions({ queryKey: statsKeys.reviews(), queryFn: getReviewStats, staleTime: 60_000 });

export const useReviewStats = () => useQuery(reviewStatsQueryOptions());
