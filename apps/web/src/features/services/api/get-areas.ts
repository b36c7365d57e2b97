import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaCount } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from '@/lib/query-keys';

/** GET /api/services/areas: the divisions that have active services, with their counts. */
export const getAreas = (signal?: AbortSignal) => api<AreaCount[]>('/services/areas', { signal });

export const areasQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.areas(),
    queryFn: ({ signal }) => getAreas(signal),
    staleTime: 5 * 60_000,
  });

export const useAreas = () => useQuery(areasQueryOptions());
