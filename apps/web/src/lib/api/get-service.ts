import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@meramot/shared';
import { api } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { serviceKeys } from '../query-keys';

/**
 * GET /api/services/{id}. Anyone may read a service page; signed in, the call carries the token,
 * so a provider also sees their own paused service. The answer can therefore depend on who asks:
 * its key is personal (cleared on logout), a visitor's answer kept apart from a signed-in one's.
 * Shared by the service page and the provider's editor: one call, one cached copy.
 */
export const getService = (id: string, signedIn: boolean, signal?: AbortSignal) =>
  api<Service>(`/services/${encodeURIComponent(id)}`, { auth: signedIn, signal });

export const serviceQueryOptions = (id: string, signedIn = true) =>
  queryOptions({
    queryKey: signedIn ? serviceKeys.detail(id) : serviceKeys.visitorDetail(id),
    queryFn: ({ signal }) => getService(id, signedIn, signal),
  });

/**
 * The service page's service: asked once the stored session is known (a token still being
 * checked is not sent), with the token only when signed in.
 */
export function useService(id: string) {
  const { loading, isAuthenticated } = useAuth();
  return useQuery({ ...serviceQueryOptions(id, isAuthenticated), enabled: !loading });
}
