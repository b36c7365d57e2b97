import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceCreate } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { invalidateAfterServiceChange } from './invalidate-after-service-change';

/** POST /api/services: lists a new service as the signed-in user. */
/** The spec's compatibility fields (providerEmail, createdAt, updatedAt, imageURL) are not sent. */
export type NewService = Omit<ServiceCreate, 'providerEmail' | 'createdAt' | 'updatedAt' | 'imageURL'>;

export const createService = (body: NewService) => api<Service>('/services', { method: 'POST', body, auth: true });

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: (service) => invalidateAfterServiceChange(queryClient, service.providerEmail, service._id),
  });
}
