import { useQuery } from '@tanstack/react-query';
import { serviceQueryOptions } from '@/lib/api/get-service';

/** The service to edit: the service page's call and cache entry, fetched again (edit the latest version, not a cached one). */
export const useServiceForEdit = (id: string | null) =>
  useQuery({ ...serviceQueryOptions(id ?? ''), staleTime: 0, retry: false, enabled: !!id });
