import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { User } from '@meramot/shared';
import { apiState, signIn } from './api-state';
import { json } from './http';
import { answer, calls, server, type Call } from './server';
import { makeUser } from './fixtures';

/** Test helpers of the provider's pages: a signed-in provider and the mock API's answers. */
export const PROVIDER: User = makeUser({
  id: 'u-rahim',
  uid: 'rahim-uid',
  email: 'rahim@meramot.test',
  displayName: 'Rahim Uddin',
  photoURL: 'https://example.com/rahim.webp',
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-20T10:00:00.000Z',
});

export { json };

export type { Call };

/** Signs `user` in and lets `handler` answer the mock API's calls first; returns the calls. */
export function serveProvider(
  handler: (call: Call) => Response | undefined | Promise<Response | undefined>,
  user: User = PROVIDER,
) {
  signIn(user);
  server.use(answer(handler));
  return calls;
}

/**
 * Adds a photo with a photo picker's "Add photos" (the mock API stores the upload) and waits for its
 * thumbnail; answers the photos the mock API holds.
 */
export async function addPhoto(user: UserEvent, name = 'photo.jpg', label = 'Add photos') {
  const before = apiState.photos.length;
  await user.upload(
    screen.getByLabelText(label, { selector: 'input' }),
    new File(['jpeg bytes'], name, { type: 'image/jpeg' }),
  );
  await waitFor(() => expect(apiState.photos).toHaveLength(before + 1));
  const photo = apiState.photos[before]!;
  await waitFor(() => expect(document.querySelector(`[data-photo-id="${photo.id}"]`)).not.toBeNull());
  return photo;
}
