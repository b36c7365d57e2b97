import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/logout: revoke our session. */
export const logoutSession = () => api<{ message: string }>('/auth/logout', { method: 'POST', auth: true });

export const useLogoutSession = () => useMutation({ mutationFn: logoutSession });
