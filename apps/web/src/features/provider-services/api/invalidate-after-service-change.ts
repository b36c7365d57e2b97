import type { QueryClient } from '@tanstack/react-query';
import { publicKeys, serviceKeys } from '@/lib/query-keys';

/** After a change: the public lists, the provider's list and the service's own page reload. */
export function invalidateAfterServiceChange(queryClient: QueryClient, email: string, id?: string) {
  void queryClient.invalidateQueries({ queryKey: publicKeys.all });
  void queryClient.invalidateQueries({ queryKey: serviceKeys.provider(email) });
  if (id) void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(id) });
}
