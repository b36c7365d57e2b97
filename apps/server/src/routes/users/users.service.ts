import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toApiUser } from '../../auth';

/**
 * Saves the caller's profile: display name, photo and the phone bookings show to customers. A photo
 * or phone left undefined keeps its stored value.
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
  return toApiUser(row!);
}
