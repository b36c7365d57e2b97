import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceUpdate } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { invalidateAfterServiceChange } from './invalidate-after-service-change';

/** PUT /api/services/{id}: the full payload, or only {status} (Pause/Activate). */
/** The spec's compatibility fields (providerEmail, createdAt, updatedAt, _id, imageURL) are not sent. */
export type ServiceChanges = Omit<ServiceUpdate, 'providerEmail' | 'createdAt' | 'updatedAt' | '_id' | 'imageURL'>;

export const updateService = (id: string, body: ServiceChanges) =>
  api<Service>(`/services/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true });

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceChanges }) => updateService(id, body),
    onSuccess: (service) => invalidateAfterServiceChange(queryClient, service.providerEmail, service._id),
  });
}
