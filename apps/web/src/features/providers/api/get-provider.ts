import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderProfile } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { providerKeys } from '@/lib/query-keys';

/** GET /api/providers/{id}: a provider's public profile (404 when there is no such provider). */
export const getProvider = (id: string, signal?: AbortSignal) =>
  api<ProviderProfile>(`/providers/${encodeURIComponent(id)}`, { signal });

export const providerQueryOptions = (id: string) =>
  queryOptions({ queryKey: providerKeys.profile(id), queryFn: ({ signal }) => getProvider(id, signal) });

export const useProvider = (id: string) => useQuery(providerQueryOptions(id));
