import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys';

/** GET /api/reviews/service/{id}: the real reviews of a service, newest first. */
export const getServiceReviews = (serviceId: string, signal?: AbortSignal) =>
  api<Review[]>(`/reviews/service/${encodeURIComponent(serviceId)}`, { signal });

export const serviceReviewsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: reviewKeys.service(serviceId),
    queryFn: ({ signal }) => getServiceReviews(serviceId, signal),
  });

export const useServiceReviews = (serviceId: string) => useQuery(serviceReviewsQueryOptions(serviceId));
