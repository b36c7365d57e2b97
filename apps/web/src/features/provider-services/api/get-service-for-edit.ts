import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@meramot/shared';
import { api } from '../../../lib/api-client';

/** GET /api/services/{id} with the token, so the provider also gets their own paused service. */
export const getServiceForEdit = (id: string, signal?: AbortSignal) =>
  api<Service>(`/services/${encodeURIComponent(id)}`, { auth: true, signal });

/** Same key as the service page: one cached copy of the service. */
export const serviceForEditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['services', 'detail', id],
    queryFn: ({ signal }) => getServiceForEdit(id, signal),
    // Edit the latest version, not a cached one.
    staleTime: 0,
    retry: false,
  });

export const useServiceForEdit = (id: string | null) =>
  useQuery({ ...serviceForEditQueryOptions(id ?? ''), enabled: !!id });
