import { useMutation } from '@tanstack/react-query';
import type { Photo, ProfileUpdate, User } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { updateIdentityProfile } from '../identity';

/** PUT /api/users/me: display name, photo (an uploaded one, or a URL) and phone of the signed-in user; answers the user. */
export const updateProfile = (input: ProfileUpdate) =>
  api<User>('/users/me', { method: 'PUT', body: input, auth: true });

export interface ProfileValues {
  displayName: string;
  photoURL?: string | null;
  phone?: string | null;
  /** A photo uploaded for the profile (issue 23): it becomes the photo, whatever photoURL says. */
  photo?: Photo | null;
}

/**
 * Saves a profile: first the identity service (name and photo; "No user logged in" without one),
 * then our server. An empty photo clears it in both. An uploaded photo goes to our server by its
 * id (the server makes its URL the profile's) and to the identity service by its full address.
 */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: async (values: ProfileValues) => {
      if (values.photo) {
        const address = new URL(values.photo.url, window.location.origin).href;
        await updateIdentityProfile({ displayName: values.displayName, photoURL: address });
        return updateProfile({
          displayName: values.displayName,
          photoId: values.photo.id,
          phone: values.phone ?? null,
        });
      }
      const photoURL = values.photoURL?.trim() ?? '';
      await updateIdentityProfile({ displayName: values.displayName, photoURL });
      return updateProfile({
        displayName: values.displayName,
        photoURL: photoURL || null,
        phone: values.phone ?? null,
      });
    },
  });
