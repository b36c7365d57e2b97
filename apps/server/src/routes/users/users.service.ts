import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toApiUser } from '../../auth';
import { syncProviderServices } from '../providers/providers.service';

/**
 * Saves the caller's profile: display name, photo and the phone bookings show to customers. A photo
 * or phone left undefined keeps its stored value. Their services carry their name and photo: every
 * one that is not deleted is given the new ones, a batch at a time (syncProviderServices).
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { displayName: string; photoURL?: string | null; phone?: string | null },
) {
  const [row] = await db
    .update(users)
    .set({ displayName: input.displayName, photoUrl: input.photoURL, phone: input.phone })
    .where(eq(users.id, userId))
    .returning();
  await syncProviderServices(db, userId);
  return toApiUser(row!);
}
