import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@meramot/shared';
import { api, errorKind } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** The settings link of an e-mail's footer: `?token=` (signed, expiring; no sign-in). */
export const linkPath = (token: string) => `/notification-settings/link?${new URLSearchParams({ token }).toString()}`;

/** GET /api/notification-settings/link?token=: the settings the token opens; 401 when it expired or is not valid. */
export const getLinkPreferences = (token: string, signal?: AbortSignal) =>
  api<NotificationPreferences>(linkPath(token), { signal });

export const linkPreferencesQueryOptions = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.linkPreferences(token),
    queryFn: ({ signal }) => getLinkPreferences(token, signal),
    enabled: token.length > 0,
    // A refused token is final; an outage is tried again.
    retry: (failures, error) => ['network', 'server'].includes(errorKind(error)) && failures < 2,
  });

export const useLinkPreferences = (token: string) => useQuery(linkPreferencesQueryOptions(token));
