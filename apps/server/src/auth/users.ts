import { and, eq, ne, sql } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { User } from '@meramot/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { conflict, unauthorized } from '../lib/http-error';

export type UserRow = typeof users.$inferSelect;

/** The caller of a signed-in request. */
export interface AuthUser extends UserRow {
  /** Our session id, or null when the caller sent a Firebase ID token. */
  sessionId: string | null;
}

export function toApiUser(u: UserRow): User {
  return {
    id: u.id,
    uid: u.firebaseUid,
    email: u.email,
    displayName: u.displayName,
    photoURL: u.photoUrl,
    phone: u.phone,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  };
}

/** The verified claims of a token that Meramot keeps on the user: name and photo when present, the verified flag. */
function tokenClaims(token: DecodedIdToken) {
  return {
    name: typeof token.name === 'string' && token.name.trim() ? token.name.trim() : null,
    picture: typeof token.picture === 'string' && token.picture ? token.picture : null,
    verified: token.email_verified === true,
  };
}

/**
 * Creates or refreshes the user named by a verified Firebase token. Identity fields come only from
 * the token. created_at is set once. Accounts are linked by the identity uid; a record is handed to
 * a new uid with the same e-mail (an account re-created in the identity service) only when the
 * token's e-mail is verified, otherwise anyone could take over a person's record by signing up
 * with their address: that answers 409.
 */
export async function upsertVerifiedUser(
  db: Db,
  token: DecodedIdToken,
  options: { touchLogin: boolean },
): Promise<UserRow> {
  const email = token.email?.toLowerCase();
  if (!email) throw unauthorized('Your sign-in account has no e-mail address; Meramot needs one.');
  const { name, picture, verified } = tokenClaims(token);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.firebaseUid, token.uid)))
      .limit(1)
      .for('update');
    if (holder) {
      if (!verified) {
        throw conflict(
          'A Meramot account already uses this e-mail address. Verify your e-mail address with the link we sent, then sign in again.',
        );
      }
      await tx.update(users).set({ firebaseUid: token.uid }).where(eq(users.id, holder.id));
    }
    const [row] = await tx
      .insert(users)
      .values({
        firebaseUid: token.uid,
        email,
        displayName: name,
        photoUrl: picture,
        emailVerified: verified,
        lastLoginAt: options.touchLogin ? now : null,
      })
      .onConflictDoUpdate({
        target: users.firebaseUid,
        set: {
          email,
          emailVerified: verified,
          displayName: sql`COALESCE(${name}::text, ${users.displayName})`,
          photoUrl: sql`COALESCE(${picture}::text, ${users.photoUrl})`,
          ...(options.touchLogin ? { lastLoginAt: now } : {}),
        },
      })
      .returning();
    return row!;
  });
}

export async function findUserByUid(db: Db, uid: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.firebaseUid, uid)).limit(1);
  return row ?? null;
}

/**
 * Brings a known user up to date with the verified claims of a newer token (name, photo, e-mail
 * verified): answers the updated row, or null when nothing differs (no write).
 */
export async function refreshUserFromToken(db: Db, user: UserRow, token: DecodedIdToken): Promise<UserRow | null> {
  const { name, picture, verified } = tokenClaims(token);
  const changes: Partial<Pick<UserRow, 'displayName' | 'photoUrl' | 'emailVerified'>> = {};
  if (name && name !== user.displayName) changes.displayName = name;
  if (picture && picture !== user.photoUrl) changes.photoUrl = picture;
  if (verified !== user.emailVerified) changes.emailVerified = verified;
  if (Object.keys(changes).length === 0) return null;
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return row ?? null;
}
