import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/**
 * POST /api/users/me/sms-phone: a Firebase ID token of the same account, taken after Firebase phone
 * sign-in linked the number (its phone_number claim is the verified number); answers the settings.
 */
export const verifySmsPhone = (idToken: string) =>
  api<NotificationPreferences>('/users/me/sms-phone', { method: 'POST', body: { idToken }, auth: true });

export function useVerifySmsPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifySmsPhone,
    onSuccess: (answer) => client.setQueryData(notificationKeys.preferences(), answer),
  });
}
