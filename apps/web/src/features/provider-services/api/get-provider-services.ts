import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from '@/lib/query-keys';

/** GET /api/services/provider/{email}: the signed-in provider's own services, paused ones included. */
export const getProviderServices = (email: string, signal?: AbortSignal) =>
  api<Service[]>(`/services/provider/${encodeURIComponent(email)}`, { auth: true, signal });

export const providerServicesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: serviceKeys.provider(email),
    queryFn: ({ signal }) => getProviderServices(email, signal),
    enabled: !!email,
  });

export const useProviderServices = (email: string | undefined) => useQuery(providerServicesQueryOptions(email ?? ''));
