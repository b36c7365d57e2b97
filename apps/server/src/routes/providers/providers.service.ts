import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { personName } from '../bookings/bookings.service';

/** Rows one statement of `syncProviderServices` changes at most. */
export const PROVIDER_SYNC_BATCH = 1000;

/**
 * Gives every not-deleted service of the person their profile's name and photo (the name as
 * everything shows a person: the display name, else the part of the e-mail before the @), and
 * answers how many services changed. The rows are changed a batch at a time, each batch a short
 * transaction of its own in the order of services_provider_idx, so a provider with many services
 * never holds their rows (nor a lock that blocks a booking of one) for long. Each batch reads the
 * profile FOR SHARE: a profile change waits for the batch under way, and every batch after it
 * writes the new name, so two renames in a row leave the last one everywhere. A service created or
 * edited meanwhile reads the profile the same way (services.service.ts). updated_at moves, as for
 * the provider's own edits: the in-memory search index reads a service's words again only when it
 * moved (search/memory/documents.ts `sameWords`), and the rows it reads again by changed_at, which
 * the database sets. search_vector and the counts of search_words follow the row.
 */
export async function syncProviderServices(
  db: Db,
  providerId: string,
  batchSize = PROVIDER_SYNC_BATCH,
): Promise<number> {
  let changed = 0;
  // Where the previous batch ended: its last row's created_at (as text: every microsecond) and id.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ displayName: users.displayName, email: users.email, photoUrl: users.photoUrl })
        .from(users)
        .where(eq(users.id, providerId))
        .for('share');
      if (!profile) return null;
      const name = personName(profile.displayName, profile.email);
      const image = profile.photoUrl ?? null;
      const [row] = await queryRows<{ size: number; changed: number; at: string | null; id: string | null }>(
        tx,
        sql`
          WITH batch AS (
            SELECT id, created_at FROM services
            WHERE provider_id = ${providerId} AND deleted_at IS NULL
              ${after ? sql`AND (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
              AND (provider_name IS DISTINCT FROM ${name} OR provider_image IS DISTINCT FROM ${image}::text)
            ORDER BY created_at, id
            LIMIT ${batchSize}
          ), changed AS (
            UPDATE services AS s
            SET provider_name = ${name}, provider_image = ${image}::text, updated_at = now()
            FROM batch WHERE s.id = batch.id
            RETURNING s.id
          ), last AS (
            SELECT id, created_at FROM batch ORDER BY created_at DESC, id DESC LIMIT 1
          )
          SELECT (SELECT count(*)::int FROM batch) AS size, (SELECT count(*)::int FROM changed) AS changed,
                 (SELECT created_at::text FROM last) AS at, (SELECT id::text FROM last) AS id`,
      );
      return row!;
    });
    if (!batch) return changed;
    changed += batch.changed;
    if (batch.size < batchSize || !batch.at || !batch.id) return changed;
    after = { at: batch.at, id: batch.id };
  }
}
