import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceUpdate } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { invalidateAfterServiceChange } from './provider-services-keys';

/** PUT /api/services/{id}: the full payload, or only {status} (Pause/Activate). */
export const updateService = (id: string, body: ServiceUpdate) =>
  api<Service>(`/services/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true });

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceUpdate }) => updateService(id, body),
    onSuccess: (service) => invalidateAfterServiceChange(queryClient, service.providerEmail, service._id),
  });
}
