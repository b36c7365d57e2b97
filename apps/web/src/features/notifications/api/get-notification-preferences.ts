import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** GET /api/users/me/notification-settings: the switches, the language and the SMS number. */
export const getNotificationPreferences = (signal?: AbortSignal) =>
  api<NotificationPreferences>('/users/me/notification-settings', { auth: true, signal });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());
