import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@meramot/shared';
import { api } from '../../../lib/api-client';

/** GET /api/auth/verify with the stored token: the signed-in user, or 401. */
export const verifyToken = () => api<{ valid: true; user: User }>('/auth/verify', { auth: true });

export const verifyQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['auth', 'verify', token],
    queryFn: verifyToken,
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });

export const useVerify = (token: string | null) => useQuery(verifyQueryOptions(token));
