import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceCounts } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { placeKeys } from '@/lib/query-keys';

/** GET /api/services/places: the districts and areas that services name, with names and counts. */
export const getPlaceCounts = (signal?: AbortSignal) => api<PlaceCounts>('/services/places', { signal });

export const placeCountsQueryOptions = () =>
  queryOptions({
    queryKey: placeKeys.counts(),
    queryFn: ({ signal }) => getPlaceCounts(signal),
    staleTime: 5 * 60_000,
  });

export const usePlaceCounts = () => useQuery(placeCountsQueryOptions());
