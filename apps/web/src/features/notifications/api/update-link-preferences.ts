import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationSettings } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { linkPath } from './get-link-preferences';

/** PUT /api/notification-settings/link?token=: saves the switches with the e-mail link's token. */
export const updateLinkPreferences = (token: string, settings: NotificationSettings) =>
  api<NotificationPreferences>(linkPath(token), { method: 'PUT', body: { settings } });

export function useUpdateLinkPreferences(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => updateLinkPreferences(token, settings),
    onSuccess: (answer) => client.setQueryData(notificationKeys.linkPreferences(token), answer),
  });
}
