import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AREAS, VOCABULARY_PHRASES } from '@meramot/shared';
import { SearchIndex } from './search-index';
import { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { FIELD_WEIGHT } from '../definitions';

/**
 * The in-memory index kept on disk, so that a new instance (a deploy, a restart) reads it back in
 * seconds and catches up with the database from `changed_at` (sync.ts) instead of reading every
 * service again. One file per database, under SEARCH_INDEX_SNAPSHOT_DIR, written after every build
 * (before the new index serves, so nothing changes it while it is written) and after a catch-up
 * that applied many changes. A snapshot is taken only for the database it was made from (its
 * name, the services table's identity and file: a restored backup or a TRUNCATE makes another),
 * with the same format and the same definitions the postings were made with (the field weights,
 * the vocabulary's phrases, the areas); sync.ts also checks its count of public services against
 * the database's after the catch-up, and builds afresh on any doubt.
 */

/** Raised whenever what a snapshot holds, or how, changes. */
const FORMAT = 6;

/** What the postings were made with: a snapshot made with other definitions is not used. */
export const SNAPSHOT_DEFINITIONS = createHash('sha256')
  .update(JSON.stringify({ FORMAT, FIELD_WEIGHT, VOCABULARY_PHRASES, AREAS }))
  .digest('hex')
  .slice(0, 16);

/** What a snapshot says of itself. */
export interface SnapshotStamp {
  definitions: string;
  /** The database it was made from (sync.ts databaseIdentity). */
  database: string;
  /** When the reading that made the index began, in the database's clock (µs): the catch-up reads from there. */
  readAt: number;
  /** Public services held. */
  live: number;
}

/** The snapshot file of a database in `dir`. */
export function snapshotPath(dir: string, database: string): string {
  return path.join(dir, `search-index-${createHash('sha256').update(database).digest('hex').slice(0, 16)}.bin`);
}

/** Writes `index` to its database's snapshot file (replacing the one there whole, or not at all). */
export async function saveSnapshot(
  dir: string,
  index: SearchIndex,
  stamp: Omit<SnapshotStamp, 'definitions' | 'live'>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const w = await SnapshotWriter.create(snapshotPath(dir, stamp.database));
  try {
    w.json('stamp', { ...stamp, definitions: SNAPSHOT_DEFINITIONS, live: index.live } satisfies SnapshotStamp);
    await index.save(w);
    await w.close();
  } catch (err) {
    await w.abandon();
    throw err;
  }
}

/**
 * The index kept for `database` in `dir`, with its stamp; null when there is none, or it was made
 * from another database or with other definitions. Throws when a snapshot that should be usable
 * cannot be read (sync.ts logs it and builds).
 */
export async function loadSnapshot(
  dir: string,
  database: string,
): Promise<{ index: SearchIndex; stamp: SnapshotStamp } | null> {
  const r = await SnapshotReader.open(snapshotPath(dir, database));
  if (!r) return null;
  try {
    const stamp = r.json<SnapshotStamp>('stamp');
    if (stamp.definitions !== SNAPSHOT_DEFINITIONS || stamp.database !== database) return null;
    return { index: await SearchIndex.restore(r), stamp };
  } finally {
    await r.close();
  }
}
