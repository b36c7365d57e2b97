import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceCreate } from '@meramot/shared';
import { api } from '../../../lib/api-client';
import { invalidateAfterServiceChange } from './provider-services-keys';

/** POST /api/services: lists a new service as the signed-in user. */
export const createService = (body: ServiceCreate) => api<Service>('/services', { method: 'POST', body, auth: true });

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: (service) => invalidateAfterServiceChange(queryClient, service.providerEmail, service._id),
  });
}
