import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { services, users } from '../../db/schema';
import { isPublic, serviceColumns, toApiService } from '../../db/service-row';
import { SearchIndex, type IndexedService } from './search-index';

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
 * - rebuilt in the background when over a fifth of its documents are dead (changed or gone).
 * Each read goes back OVERLAP_MICROS before the previous one started, so a write whose transaction
 * committed after that read began is not missed; a row the index holds as it is is read again as
 * its id and change time only.
 */

/** Changed services read whole at a time. */
const BATCH = 5000;
const OVERLAP_MICROS = 60_000_000;
/** After a change, searches read the changes again for this long, at most every HOT_READ_MS. */
const HOT_MS = 3000;
const HOT_READ_MS = 100;

/** What the index reads of a service: what it searches and orders by, and the row lists show. */
const indexColumns = {
  ...serviceColumns,
  created: sql<string>`(extract(epoch from ${services.createdAt}) * 1000000)::int8::text`,
  nameKey: sql<string>`lower(${services.serviceName})`,
  providerKey: sql<string>`lower(${services.providerName})`,
  vector: sql<string>`${services.searchVector}::text`,
  updated: sql<string>`(extract(epoch from ${services.updatedAt}) * 1000000)::int8::text`,
  changed: sql<string>`(extract(epoch from ${services.changedAt}) * 1000000)::int8::text`,
  public: sql<boolean>`(${services.status} = 'active' AND ${services.deletedAt} IS NULL)`,
};

/** The same without the provider's e-mail and its verification (the build reads them once). */
const { providerEmail: _email, providerVerified: _verified, ...buildColumns } = indexColumns;

const read = (db: Db, where: SQL) =>
  db.select(indexColumns).from(services).innerJoin(users, eq(users.id, services.providerId)).where(where);
type Row = Awaited<ReturnType<typeof read>>[number];

const toService = (r: Row): IndexedService => ({
  id: r.id,
  created: Number(r.created),
  price: Number(r.servicePrice),
  area: r.serviceArea,
  nameKey: r.nameKey,
  providerKey: r.providerKey,
  vector: r.vector,
  updated: Number(r.updated),
  changed: Number(r.changed),
  row: toApiService(r),
});

async function databaseNow(db: Db): Promise<number> {
  const [row] = await queryRows<{ now: string }>(
    db,
    sql`SELECT (extract(epoch from now()) * 1000000)::int8::text AS now`,
  );
  return Number(row!.now);
}

/** Services added between two turns of the event loop while a build reads. */
const YIELD_EVERY = 1000;
/** Heap pages of the services table read at a time (8 KB each, about 8 services a page). */
const PAGES = 4096;

/**
 * Every public service, read in the table's own order, PAGES heap pages at a time (a TID range
 * scan: sequential reads, where walking the primary key read each row's page at random, 1.3 s a
 * batch of 5,000 on a cold cache). The batches are not one snapshot: a row moved by an update
 * while the build reads is caught by the catch-up from `startedAt`, and one read twice replaces
 * itself. Returns the index and when the reading began (µs).
 */
export async function buildSearchIndex(db: Db): Promise<{ index: SearchIndex; startedAt: number }> {
  const startedAt = await databaseNow(db);
  const index = new SearchIndex();
  // The providers' e-mails once: joined to every batch, the users table was hashed again each time
  // (0.55 s a batch at 1,000,000 services).
  const providers = new Map(
    (await db.select({ id: users.id, email: users.email, verified: users.emailVerified }).from(users)).map((u) => [
      u.id,
      u,
    ]),
  );
  const pagesNow = async () =>
    Number(
      (
        await queryRows<{ pages: string }>(
          db,
          sql`SELECT (pg_relation_size('services') / current_setting('block_size')::int)::text AS pages`,
        )
      )[0]!.pages,
    );
  // Pages added while the build reads (the table grew) are read too: up to the size then.
  for (let from = 0, pages = await pagesNow(); from < pages; from += PAGES) {
    const range = sql`${services}.ctid >= ${`(${from},0)`}::tid AND ${services}.ctid < ${`(${from + PAGES},0)`}::tid`;
    const rows = await db.select(buildColumns).from(services).where(and(isPublic, range)!);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const provider = providers.get(r.providerId);
      // A provider who signed up after the e-mails were read: the catch-up reads the service whole.
      if (provider) index.add(toService({ ...r, providerEmail: provider.email, providerVerified: provider.verified }));
      // Other requests are answered meanwhile (a batch takes seconds at once).
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    if (from + PAGES >= pages) pages = await pagesNow();
  }
  index.finish();
  return { index, startedAt };
}

/**
 * Reads the services changed since `since` (µs) and applies them: first only their ids and change
 * times (with heavy booking traffic the overlap holds thousands of rows the index already has as
 * they are), then whole only those it does not hold as they are now.
 */
async function applyChanges(db: Db, index: SearchIndex, since: number): Promise<void> {
  const changed = await db
    .select({ id: services.id, changed: indexColumns.changed, public: indexColumns.public })
    .from(services)
    .where(gte(services.changedAt, sql`to_timestamp(${String(since / 1_000_000)}::float8)`));
  const stale: string[] = [];
  for (const row of changed) {
    if (!row.public) index.remove(row.id);
    else if (!index.holds(row.id, Number(row.changed))) stale.push(row.id);
  }
  for (let i = 0; i < stale.length; i += BATCH) {
    for (const row of await read(db, inArray(services.id, stale.slice(i, i + BATCH)))) {
      if (row.public) index.apply(toService(row));
      else index.remove(row.id);
    }
  }
}

export interface SearchIndexLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
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

  constructor(
    private readonly db: Db,
    private readonly log: SearchIndexLog,
    private readonly refreshMs: number,
    /** Called with each index built (the first, and every rebuild). */
    private readonly onBuilt: (index: SearchIndex) => void = () => {},
  ) {}

  /** Whether an index has been built (searches are answered from memory). */
  get built(): boolean {
    return this.index !== null;
  }

  /** Starts the first build; resolves once it is done (or failed: searches then use the database). */
  start(): Promise<void> {
    if (!this.timer && this.refreshMs > 0) {
      // Due for a read, without the few seconds of repeated reads that follow an actual change.
      this.timer = setInterval(() => {
        this.wanted++;
        // A first build that failed (the database was away) is tried again.
        if (!this.index && this.pendingBuilds === 0) void this.rebuild();
        else void this.current();
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
      while (this.applied < target && this.index) {
        this.inflight ??= this.refresh().finally(() => (this.inflight = null));
        await this.inflight;
      }
    } catch {
      // The changes could not be read (the database is away): the search reads the database itself.
      return null;
    }
    return this.index;
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
        const { index, startedAt } = await buildSearchIndex(this.db);
        if (this.closed) return;
        // What changed while the build read (its batches are not one snapshot) is read again.
        await applyChanges(this.db, index, startedAt - OVERLAP_MICROS);
        this.index = index;
        this.readAt = startedAt;
        this.applied = Math.max(this.applied, upTo);
        this.log.info({ services: index.live, ms: Date.now() - started }, 'search index built');
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

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }
}
