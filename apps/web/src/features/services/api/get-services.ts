import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceList } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys, type ServiceListQuery } from '@/lib/query-keys';

/** GET /api/services?search&area&district&place&sort&page&limit → { services, total, totalCapped, page, limit }. */
export function getServices(query: ServiceListQuery, signal?: AbortSignal): Promise<ServiceList> {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.area) params.set('area', query.area);
  if (query.district) params.set('district', query.district);
  if (query.place) params.set('place', query.place);
  if (query.sort) params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  const qs = params.toString();
  return api<ServiceList>(`/services${qs ? `?${qs}` : ''}`, { signal });
}

export const servicesQueryOptions = (query: ServiceListQuery) =>
  queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => getServices(query, signal),
  });

/** One page of the list; the previous page stays on screen while the next one loads. */
export const useServices = (query: ServiceListQuery) =>
  useQuery({ ...servicesQueryOptions(query), placeholderData: keepPreviousData });

/** The number of all active services (the "y" of "x of y services found"). */
export const useServicesTotal = () => useQuery({ ...servicesQueryOptions({ limit: 1 }), select: (list) => list.total });
