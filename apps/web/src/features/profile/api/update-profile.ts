import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { updateIdentityProfile } from '../identity';

/** PUT /api/users/me: display name, photo URL and phone of the signed-in user; answers the user. */
export const updateProfile = (input: ProfileUpdate) =>
  api<User>('/users/me', { method: 'PUT', body: input, auth: true });

export interface ProfileValues {
  displayName: string;
  photoURL?: string | null;
  phone?: string | null;
}

/**
 * Saves a profile: first the identity service (name and photo; "No user logged in" without one),
 * then our server. An empty photo clears it in both.
 */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: async (values: ProfileValues) => {
      const photoURL = values.photoURL?.trim() ?? '';
      await updateIdentityProfile({ displayName: values.displayName, photoURL });
      return updateProfile({
        displayName: values.displayName,
        photoURL: photoURL || null,
        phone: values.phone ?? null,
      });
    },
  });
