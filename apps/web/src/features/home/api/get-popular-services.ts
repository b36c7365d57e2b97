import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceList } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from '@/lib/query-keys';

/**
 * The home page's services section shows the first 6 services (spec section 9), newest first. The
 * API has no order by bookings or reviews, so the section says what they are: Newest Services.
 */
export const POPULAR_SERVICES_LIMIT = 6;

/** GET /api/services?limit=6: the newest active services. */
export const getPopularServices = () =>
  api<ServiceList>(`/services?limit=${POPULAR_SERVICES_LIMIT}`).then((list) =>
    list.services.slice(0, POPULAR_SERVICES_LIMIT),
  );

export const popularServicesQueryOptions = () =>
  queryOptions({ queryKey: serviceKeys.popular(POPULAR_SERVICES_LIMIT), queryFn: getPopularServices });

export const usePopularServices = () => useQuery(popularServicesQueryOptions());
