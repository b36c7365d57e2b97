import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@meramot/shared';
import { api } from '../api-client';
import { serviceKeys } from '../query-keys';

/**
 * GET /api/services/{id}. Sent with the token, so a provider also sees their own paused service;
 * the answer can therefore depend on who asks, and its key is personal (cleared on logout).
 * Shared by the service page and the provider's editor: one call, one cached copy.
 */
export const getService = (id: string, signal?: AbortSignal) =>
  api<Service>(`/services/${encodeURIComponent(id)}`, { auth: true, signal });

export const serviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: ({ signal }) => getService(id, signal),
  });

export const useService = (id: string) => useQuery(serviceQueryOptions(id));
