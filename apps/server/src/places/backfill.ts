import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client';
import { placeOfService } from './place-of-service';

/**
 * Gives the services that predate districts (migration 0011) a district and areas, spread as
 * people are (place-of-service.ts), then builds the place indexes; run by every instance after
 * its migrations, in the background (plugins/places.ts), on a live catalogue:
 *
 * - the column's statistics first (ANALYZE): right after the migration PostgreSQL knows nothing
 *   of `district`, and each batch's search for the next rows scanned the whole table (851 ms at a
 *   million, against 10 ms walking the primary key once it knows);
 * - a batch of BATCH services per transaction, in the primary key's order from where the last
 *   batch stopped (kept in place_backfill, so a restart goes on where it was), each locking only
 *   its own rows and the progress row for a few tens of milliseconds (a booking of one of those
 *   services waits at most that long; reads never wait), with a pause between batches as long
 *   as the batch took (at least PAUSE_MS);
 * - the progress row is locked FOR UPDATE by the batch, so instances starting together take turns;
 * - services created after the migration keep the place their provider gave (none, for the spec's
 *   clients that send only the division);
 * - then the indexes CONCURRENTLY (writes go on while they are built; an index left invalid by an
 *   interrupted build is dropped and built again). PGlite (one connection) builds them plainly.
 *
 * Every filled service gets a new changed_at (migration 0004's trigger), so the in-memory search
 * index reads it again and follows.
 */

export const BACKFILL_BATCH = 200;
/**
 * The pause after a batch: at least this, and at least as long as the batch took, so the fill
 * takes at most half of the database's time beside the traffic (at a million services, batches
 * back to back left the varied browsing 5 to 10 times slower while they ran).
 */
const PAUSE_MS = 20;

export const PLACE_INDEXES = {
  services_public_district_idx: sql`ON services (district, created_at, id) WHERE status = 'active' AND deleted_at IS NULL`,
  services_public_place_areas_idx: sql`ON services USING gin (place_areas) WHERE status = 'active' AND deleted_at IS NULL`,
} as const;

/** Fills one batch; returns how many services it filled (0: nothing left). */
export async function backfillBatch(db: Db, batch = BACKFILL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const [progress] = await queryRows<{ after_id: string | null; done: boolean }>(
      tx,
      sql`SELECT after_id, done_at IS NOT NULL AS done FROM place_backfill WHERE id = 1 FOR UPDATE`,
    );
    if (!progress || progress.done) return 0;
    const rows = await queryRows<{ id: string; service_area: string }>(
      tx,
      sql`SELECT id, service_area FROM services
        WHERE district IS NULL AND created_at <= (SELECT before FROM place_backfill WHERE id = 1)
          ${progress.after_id ? sql`AND id > ${progress.after_id}::uuid` : sql``}
        ORDER BY id LIMIT ${batch}`,
    );
    if (rows.length === 0) {
      await tx.execute(sql`UPDATE place_backfill SET done_at = now() WHERE id = 1`);
      return 0;
    }
    const values = rows.flatMap((r) => {
      const place = placeOfService(r.id, r.service_area);
      return place ? [sql`(${r.id}::uuid, ${place.district}, ${`{${place.areas.join(',')}}`}::text[])`] : [];
    });
    if (values.length > 0)
      await tx.execute(sql`UPDATE services SET district = v.district, place_areas = v.areas
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, district, areas)
        WHERE services.id = v.id AND services.district IS NULL`);
    await tx.execute(
      sql`UPDATE place_backfill SET after_id = ${rows[rows.length - 1]!.id}::uuid, filled = filled + ${values.length} WHERE id = 1`,
    );
    return rows.length;
  });
}

/** Builds the place indexes that are missing (or invalid). */
export async function buildPlaceIndexes(database: Database): Promise<string[]> {
  const built: string[] = [];
  for (const [name, definition] of Object.entries(PLACE_INDEXES)) {
    const [state] = await queryRows<{ valid: boolean }>(
      database.db,
      sql`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ${name}`,
    );
    if (state?.valid) continue;
    if (state) await database.db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`));
    const concurrently = database.kind === 'postgres' ? sql.raw('CONCURRENTLY ') : sql``;
    await database.db.execute(sql`CREATE INDEX ${concurrently}IF NOT EXISTS ${sql.identifier(name)} ${definition}`);
    built.push(name);
  }
  return built;
}

export interface BackfillOptions {
  batch?: number;
  pauseMs?: number;
  /** Called after every batch that filled services (the caches and the search index are told). */
  onBatch?: (filled: number) => void;
  /** Stops between batches when true (the server is closing). */
  stopped?: () => boolean;
}

/** Fills every service that predates districts, then builds the indexes. Returns how many it filled. */
export async function backfillPlaces(database: Database, options: BackfillOptions = {}): Promise<number> {
  const { batch = BACKFILL_BATCH, pauseMs = PAUSE_MS, onBatch, stopped = () => false } = options;
  let filled = 0;
  const [progress] = await queryRows<{ done: boolean }>(
    database.db,
    sql`SELECT done_at IS NOT NULL AS done FROM place_backfill WHERE id = 1`,
  );
  if (progress && !progress.done) await database.db.execute(sql`ANALYZE services (district, created_at)`);
  for (;;) {
    if (stopped()) return filled;
    const started = performance.now();
    const n = await backfillBatch(database.db, batch);
    if (n === 0) break;
    filled += n;
    onBatch?.(n);
    const pause = pauseMs > 0 ? Math.max(pauseMs, performance.now() - started) : 0;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  if (!stopped()) await buildPlaceIndexes(database);
  return filled;
}
