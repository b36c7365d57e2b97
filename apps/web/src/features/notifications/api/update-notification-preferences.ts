import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** PUT /api/users/me/notification-settings: the switches and/or the language; answers them all. */
export const updateNotificationPreferences = (update: NotificationPreferencesUpdate) =>
  api<NotificationPreferences>('/users/me/notification-settings', { method: 'PUT', body: update, auth: true });

export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => client.setQueryData(notificationKeys.preferences(), answer),
  });
}
