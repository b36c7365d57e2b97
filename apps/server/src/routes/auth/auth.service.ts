import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { User } from '@meramot/shared';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { unauthorized } from '../../lib/http-error';

export type UserRow = typeof users.$inferSelect;

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

/**
 * Creates or refreshes the user named by a verified Firebase token. Identity fields come only from
 * the token. created_at is set once; a user re-created in the identity service under the same
 * e-mail keeps their Meramot record (the identity service allows one account per e-mail).
 */
export async function upsertVerifiedUser(
  db: Db,
  token: DecodedIdToken,
  options: { touchLogin: boolean },
): Promise<UserRow> {
  const email = token.email?.toLowerCase();
  if (!email) throw unauthorized('Your sign-in account has no e-mail address; Meramot needs one.');
  const name = typeof token.name === 'string' && token.name.trim() ? token.name.trim() : null;
  const picture = typeof token.picture === 'string' && token.picture ? token.picture : null;
  const verified = token.email_verified === true;
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firebaseUid: token.uid })
      .where(and(eq(users.email, email), ne(users.firebaseUid, token.uid)));
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

export async function openSession(db: Db, userId: string, ttlHours: number) {
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return { sessionId: row!.id, expiresAt };
}

const sessionUser = preparedPerDb((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/** The user of an open (unexpired, unrevoked) session. */
export async function findSessionUser(db: Db, sessionId: string, userId: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const [row] = await sessionUser(db).execute({ sessionId, userId });
  return row?.user ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
