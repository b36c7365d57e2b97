import { queryOptions } from '@tanstack/react-query';
import { HEADER_SEARCH_LIMIT, type ServiceList } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from '@/lib/query-keys';

/** Characters (code points) typed before the dropdown asks the server: it answers from the second letter. */
export const HEADER_SEARCH_MIN_LENGTH = 2;

/**
 * GET /api/services?search={text}&limit=8: the best matches first, with how the server understood
 * the text (`query`: the matched terms for highlighting, the correction). The list's contract
 * rather than GET /api/search/{text}, which answers the services alone.
 */
export const searchServices = (text: string, signal?: AbortSignal) =>
  api<ServiceList>(
    `/services?${new URLSearchParams({ search: text, limit: String(HEADER_SEARCH_LIMIT) }).toString()}`,
    { signal },
  );

export const searchServicesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: serviceKeys.list({ search: text, limit: HEADER_SEARCH_LIMIT }),
    queryFn: ({ signal }) => searchServices(text, signal),
    enabled: [...text].length >= HEADER_SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });
