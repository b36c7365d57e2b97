import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { UserRow } from './users';

export async function openSession(db: Db, userId: string, ttlHours: number) {
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return { sessionId: row!.id, expiresAt };
}

const sessionUser = preparedPerDb((db, name) =>
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
    .prepare(name('session_user')),
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
