import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the provider's own services (personal: cleared on logout). */
export const providerServicesKey = (email: string) => ['provider-services', email] as const;

/** After a change: the public lists, the provider's list and the service's own page reload. */
export function invalidateAfterServiceChange(queryClient: QueryClient, email: string, id?: string) {
  void queryClient.invalidateQueries({ queryKey: ['public'] });
  void queryClient.invalidateQueries({ queryKey: providerServicesKey(email) });
  if (id) void queryClient.invalidateQueries({ queryKey: ['services', 'detail', id] });
}
