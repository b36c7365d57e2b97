import { queryOptions, useQuery } from '@tanstack/react-query';
import { HEADER_SEARCH_LIMIT, type Service } from '@meramot/shared';
import { api } from '../../../lib/api-client';

/** GET /api/search/{text}?limit=8: active services matching the text, searched on the server. */
export const searchServices = (text: string, signal?: AbortSignal) =>
  api<Service[]>(`/search/${encodeURIComponent(text)}?limit=${HEADER_SEARCH_LIMIT}`, { signal });

export const searchServicesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['public', 'search', text],
    queryFn: ({ signal }) => searchServices(text, signal),
    enabled: text.length > 0,
    staleTime: 60_000,
  });

/** Runs only for non-empty (already trimmed) text. */
export const useSearchServices = (text: string) => useQuery(searchServicesQueryOptions(text));
