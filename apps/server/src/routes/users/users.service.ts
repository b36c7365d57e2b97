import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toApiUser } from '../../auth';
import type { PhotoStore } from '../../photos';
import { dropUnusedFiles, setProfilePhoto } from '../photos/photos.service';
import { syncProviderServices } from '../providers/providers.service';

/**
 * Saves the caller's profile: display name, photo and the phone bookings show to customers. A photo
 * or phone left undefined keeps its stored value. The photo is an uploaded one (`photoId`, issue
 * 23: photoURL becomes its URL) or a URL; a new one of either kind replaces an uploaded one, whose
 * files go once nothing refers to them. Their services carry their name and photo: every one that
 * is not deleted is given the new ones, a batch at a time (syncProviderServices).
 */
export async function updateProfile(
  db: Db,
  store: PhotoStore,
  userId: string,
  input: { displayName: string; photoURL?: string | null; phone?: string | null; photoId?: string | null },
) {
  const { row, removedKeys } = await db.transaction(async (tx) => {
    let photoUrl = input.photoURL;
    let removedKeys: string[] = [];
    if (input.photoId !== undefined || input.photoURL !== undefined) {
      const [current] = await tx.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId));
      // The same URL sent back (a form saving the name) keeps the uploaded photo.
      if (input.photoId !== undefined || input.photoURL !== current?.photoUrl) {
        const placed = await setProfilePhoto(tx, userId, input.photoId ?? null);
        removedKeys = placed.removedKeys;
        if (placed.url) photoUrl = placed.url;
        else if (input.photoId === null && photoUrl === undefined) photoUrl = null;
      }
    }
    const [updated] = await tx
      .update(users)
      .set({ displayName: input.displayName, photoUrl, phone: input.phone })
      .where(eq(users.id, userId))
      .returning();
    return { row: updated!, removedKeys };
  });
  await syncProviderServices(db, userId);
  await dropUnusedFiles(db, store, removedKeys);
  return toApiUser(row);
}
