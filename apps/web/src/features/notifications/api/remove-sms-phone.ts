import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** DELETE /api/users/me/sms-phone: no more SMS; answers the settings. */
export const removeSmsPhone = () =>
  api<NotificationPreferences>('/users/me/sms-phone', { method: 'DELETE', auth: true });

export function useRemoveSmsPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSmsPhone,
    onSuccess: (answer) => client.setQueryData(notificationKeys.preferences(), answer),
  });
}
