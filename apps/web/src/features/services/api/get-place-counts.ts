import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceCounts } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { placeKeys } from '@/lib/query-keys';

/**
 * GET /api/services/places: the districts that services name, with names and counts, and the
 * areas of `district` only ('' for none: the filters show one district's localities at a time).
 */
export const getPlaceCounts = (district: string, signal?: AbortSignal) =>
  api<PlaceCounts>(`/services/places?district=${encodeURIComponent(district)}`, { signal });

export const placeCountsQueryOptions = (district = '') =>
  queryOptions({
    queryKey: placeKeys.counts(district),
    queryFn: ({ signal }) => getPlaceCounts(district, signal),
    staleTime: 5 * 60_000,
    // The districts stay on screen while another district's areas load.
    placeholderData: keepPreviousData,
  });

export const usePlaceCounts = (district = '') => useQuery(placeCountsQueryOptions(district));
