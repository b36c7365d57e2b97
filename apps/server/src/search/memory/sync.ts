import type { Db } from '../../db/client';
import { isPublic } from '../../db/service-row';
import { applyChanges, buildSearchIndex, countWhere, databaseIdentity, databaseNow, OVERLAP_MICROS } from './reading';
import type { SearchIndex } from './search-index';
import { loadSnapshot, saveSnapshot } from './snapshot';

/**
 * Builds a SearchIndex from a database and keeps it current:
 * - built once, reading the table in order a range of heap pages at a time;
 * - after every change to services this process hears of (its own writes, and the other
 *   instances' through the invalidation channel), the next search first reads the services whose
 *   changed_at is recent (an index on changed_at) and applies them, so a customer's next search
 *   after their own write already holds it;
 * - for a few seconds after a change, at most every 100 ms, the read is made again, so a read
 *   replica that had not yet replayed the change when it was first read is caught up with;
 * - every `refreshMs` the same read catches changes nobody announced (another instance without a
 *   shared channel, rows written by hand);
 * - rebuilt in the background when over a fifth of its documents are dead (changed or gone);
 * - with a snapshot directory, first read back from the snapshot kept there and caught up from
 *   changed_at (snapshot.ts), and written there after every build.
 * Each read goes back OVERLAP_MICROS before the previous one started, so a write whose transaction
 * committed after that read began is not missed; a row the index holds as it is is read again as
 * its id and change time only.
 */

/** After a change, searches read the changes again for this long, at most every HOT_READ_MS. */
const HOT_MS = 3000;
const HOT_READ_MS = 100;

/**
 * A snapshot with more than this share of its services changed since is not caught up with: the
 * index is built (reading a changed service whole costs about what a build costs per service).
 */
const CATCH_UP_SHARE = 1 / 4;

/**
 * The index kept in `dir` for this database, caught up with what changed since it was written,
 * with when that catch-up began (µs); null when there is none to use (none kept, another
 * database's, too old, or not matching the database's count of public services after the catch-up).
 */
async function catchUpSnapshot(
  db: Db,
  dir: string,
  identity: string,
  log: SearchIndexLog,
): Promise<{ index: SearchIndex; startedAt: number; applied: number } | null> {
  const kept = await loadSnapshot(dir, identity);
  if (!kept) return null;
  const { index, stamp } = kept;
  const startedAt = await databaseNow(db);
  const applied = await applyChanges(
    db,
    index,
    stamp.readAt - OVERLAP_MICROS,
    Math.max(1000, stamp.live * CATCH_UP_SHARE),
  );
  if (applied === null) {
    log.info({ held: stamp.live }, 'search index snapshot too old to catch up: building');
    return null;
  }
  const live = await countWhere(db, isPublic);
  if (live !== index.live) {
    // A service gone without a trace (deleted outright): the snapshot cannot tell which.
    log.info({ held: index.live, live }, 'search index snapshot does not match the database: building');
    return null;
  }
  return { index, startedAt, applied };
}

export interface SearchIndexLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SearchIndexSyncOptions {
  /** Reads the changes nobody announced this often (0: never). */
  refreshMs: number;
  /** Called with each index built (the first, and every rebuild). */
  onBuilt?: (index: SearchIndex) => void;
  /** Where the index's snapshot is kept (snapshot.ts); none without. */
  snapshotDir?: string;
}

/** One database's index, kept current. */
export class SearchIndexSync {
  private index: SearchIndex | null = null;
  private building: Promise<void> | null = null;
  private pendingBuilds = 0;
  private inflight: Promise<void> | null = null;
  /** Changes heard of, and how many of them the index has applied. */
  private wanted = 0;
  private applied = 0;
  /** When the last read of changes (or the build) began, in the database's clock (µs). */
  private readAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private hotUntil = 0;
  private lastRead = 0;
  /** A build every search waits for (after `changedEverything`). */
  private stale: Promise<void> | null = null;

  private readonly refreshMs: number;
  private readonly onBuilt: (index: SearchIndex) => void;
  private readonly snapshotDir: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: SearchIndexLog,
    options: SearchIndexSyncOptions,
  ) {
    this.refreshMs = options.refreshMs;
    this.onBuilt = options.onBuilt ?? (() => {});
    this.snapshotDir = options.snapshotDir;
  }

  /** Whether an index has been built (searches are answered from memory). */
  get built(): boolean {
    return this.index !== null;
  }

  /** Starts the first build; resolves once it is done (or failed: searches then use the database). */
  start(): Promise<void> {
    if (!this.timer && this.refreshMs > 0) {
      // Due for a read, without the few seconds of repeated reads that follow an actual change.
      // Searches do not wait for it (nobody announced a change they must see): they go on with
      // the index as it is while it reads. Waiting made every search of a restarted instance wait
      // for its first tick, a new connection to a cold database backend (0.3 s in CI).
      this.timer = setInterval(() => {
        // A first build that failed (the database was away) is tried again.
        if (!this.index && this.pendingBuilds === 0) void this.rebuild();
        else if (this.index) void this.readChanges().catch(() => undefined);
      }, this.refreshMs);
      this.timer.unref();
    }
    return this.rebuild();
  }

  /** Something changed services: the next search reads the changes first. */
  changed(): void {
    this.wanted++;
    this.hotUntil = Date.now() + HOT_MS;
  }

  /**
   * Anything may have changed (rows written behind the app's back, with any updated_at; an
   * instance cut off from the others): the next search waits for a new build.
   */
  changedEverything(): void {
    this.wanted++;
    this.stale = this.rebuild();
  }

  /** The index with every change heard of so far applied; null before the first build. */
  async current(): Promise<SearchIndex | null> {
    if (this.stale) {
      await this.stale;
      this.stale = null;
    }
    if (!this.index) return null;
    // Soon after a change, a read replica may not have replayed it when the change was read: the
    // changes are read again (at most every HOT_READ_MS) until HOT_MS have passed.
    if (Date.now() < this.hotUntil && Date.now() - this.lastRead >= HOT_READ_MS && this.applied === this.wanted)
      this.wanted++;
    const target = this.wanted;
    try {
      while (this.applied < target && this.index) await this.readChanges();
    } catch {
      // The changes could not be read (the database is away): the search reads the database itself.
      return null;
    }
    return this.index;
  }

  /** The read of changes under way, or a new one (one at a time). */
  private readChanges(): Promise<void> {
    this.inflight ??= this.refresh().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async refresh(): Promise<void> {
    const upTo = this.wanted;
    const index = this.index!;
    this.lastRead = Date.now();
    const startedAt = await databaseNow(this.db);
    await applyChanges(this.db, index, this.readAt - OVERLAP_MICROS);
    this.readAt = startedAt;
    this.applied = Math.max(this.applied, upTo);
    // Too much dead, or too many documents outside the precomputed orders: built afresh.
    const worn = (n: number, share: number) => n > 1000 && n > index.size * share;
    if (this.pendingBuilds === 0 && (worn(index.dead, 1 / 5) || worn(index.unordered, 1 / 10))) void this.rebuild();
  }

  private rebuild(): Promise<void> {
    // A build already under way may have read past a change: the new one follows it.
    const previous = this.building ?? Promise.resolve();
    this.pendingBuilds++;
    this.building = previous.then(async () => {
      const started = Date.now();
      try {
        const upTo = this.wanted;
        const first = this.index === null;
        const { index, startedAt } = (first && (await this.fromSnapshot())) || (await this.build());
        if (this.closed) return;
        this.index = index;
        this.readAt = startedAt;
        this.applied = Math.max(this.applied, upTo);
        this.log.info({ services: index.live, ms: Date.now() - started }, 'search index ready');
        this.onBuilt(index);
      } catch (err) {
        this.log.warn(
          { code: (err as { code?: string }).code, message: (err as Error).message },
          'search index not built; searches read the database',
        );
      } finally {
        this.pendingBuilds--;
      }
    });
    return this.building;
  }

  /** The index read from the database, its snapshot written before it serves (nothing changes it meanwhile). */
  private async build(): Promise<{ index: SearchIndex; startedAt: number }> {
    const started = Date.now();
    const built = await buildSearchIndex(this.db);
    this.log.info({ services: built.index.live, ms: Date.now() - started }, 'search index built');
    if (this.snapshotDir && !this.closed) await this.save(built.index, built.startedAt);
    // What changed while the build read (its batches are not one snapshot) is read again.
    await applyChanges(this.db, built.index, built.startedAt - OVERLAP_MICROS);
    return built;
  }

  /** The index read back from its snapshot and caught up; null when there is none to use. */
  private async fromSnapshot(): Promise<{ index: SearchIndex; startedAt: number } | null> {
    if (!this.snapshotDir) return null;
    const started = Date.now();
    try {
      const identity = await databaseIdentity(this.db);
      const kept = await catchUpSnapshot(this.db, this.snapshotDir, identity, this.log);
      if (!kept) return null;
      this.log.info(
        { services: kept.index.live, caughtUp: kept.applied, ms: Date.now() - started },
        'search index read from its snapshot',
      );
      // Many changes caught up with: the next start should not read them again.
      if (kept.applied > kept.index.live / 20) await this.save(kept.index, kept.startedAt, identity);
      return kept;
    } catch (err) {
      this.log.warn({ message: (err as Error).message }, 'search index snapshot not read: building');
      return null;
    }
  }

  /** Writes the snapshot of `index` (`database`: its identity, when the caller has just asked it). */
  private async save(index: SearchIndex, readAt: number, database?: string): Promise<void> {
    const started = Date.now();
    try {
      await saveSnapshot(this.snapshotDir!, index, { database: database ?? (await databaseIdentity(this.db)), readAt });
      this.log.info({ ms: Date.now() - started }, 'search index snapshot written');
    } catch (err) {
      this.log.warn({ message: (err as Error).message }, 'search index snapshot not written');
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }
}
