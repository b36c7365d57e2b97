import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformStats } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { statsKeys } from '@/lib/query-keys';

/** GET /api/stats: platform figures counted from the database. */
export const getPlatformStats = () => api<PlatformStats>('/stats');

export const platformStatsQueryOptions = () =>
  queryOptions({ queryKey: statsKeys.platform(), queryFn: getPlatformStats, staleTime: 60_000 });

export const usePlatformStats = () => useQuery(platformStatsQueryOptions());
