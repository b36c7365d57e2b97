import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterServiceChange } from './invalidate-after-service-change';
import { serviceKeys } from '@/lib/query-keys';

/** DELETE /api/services/{id} (provider only). */
export const deleteService = (id: string) =>
  api<{ message: string; _id: string }>(`/services/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useDeleteService(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: serviceKeys.detail(id) });
      invalidateAfterServiceChange(queryClient, email);
    },
  });
}
