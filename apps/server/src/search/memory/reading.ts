import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { services, users } from '../../db/schema';
import { isPublic, serviceColumns, toApiService } from '../../db/service-row';
import { SearchIndex, type IndexedService } from './search-index';

/**
 * Reading the services into the in-memory index (sync.ts decides when): the whole table for a
 * build, the rows changed since a time for keeping it current, and what a snapshot (snapshot.ts)
 * is checked against: the database's identity and its count of public services.
 */

/** Changed services read whole at a time. */
const BATCH = 5000;
/**
 * Each read of changes goes back this long before the previous one began, so a write whose
 * transaction committed after that read began is not missed.
 */
export const OVERLAP_MICROS = 60_000_000;

/** What the index reads of a service: what it searches and orders by, and the row lists show. */
const indexColumns = {
  ...serviceColumns,
  created: sql<string>`(extract(epoch from ${services.createdAt}) * 1000000)::int8::text`,
  nameKey: sql<string>`lower(${services.serviceName})`,
  providerKey: sql<string>`lower(${services.providerName})`,
  vector: sql<string>`${services.searchVector}::text`,
  updated: sql<string>`(extract(epoch from ${services.updatedAt}) * 1000000)::int8::text`,
  changed: sql<string>`(extract(epoch from ${services.changedAt}) * 1000000)::int8::text`,
  public: sql<boolean>`(${isPublic})`,
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

export async function databaseNow(db: Db): Promise<number> {
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
 * scan: sequential reads, where walking the primary key read each row's page at random; figures in
 * docs/search.md). The batches are not one snapshot: a row moved by an update
 * while the build reads is caught by the catch-up from `startedAt`, and one read twice replaces
 * itself. Returns the index and when the reading began (µs).
 */
export async function buildSearchIndex(db: Db): Promise<{ index: SearchIndex; startedAt: number }> {
  const startedAt = await databaseNow(db);
  const index = new SearchIndex();
  // The providers' e-mails once: joined to every batch, the users table was hashed again each time.
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

const changedSince = (since: number) =>
  gte(services.changedAt, sql`to_timestamp(${String(since / 1_000_000)}::float8)`);

/**
 * Reads the services changed since `since` (µs) and applies them: first only their ids and change
 * times (with heavy booking traffic the overlap holds thousands of rows the index already has as
 * they are), then whole only those it does not hold as they are now. Returns how many it read whole;
 * with more than `most` to read whole, reads none of them and returns null.
 */
export async function applyChanges(db: Db, index: SearchIndex, since: number, most = Infinity): Promise<number | null> {
  const changed = await db
    .select({ id: services.id, changed: indexColumns.changed, public: indexColumns.public })
    .from(services)
    .where(changedSince(since));
  const stale: string[] = [];
  for (const row of changed) {
    if (!row.public) index.remove(row.id);
    else if (!index.holds(row.id, Number(row.changed))) stale.push(row.id);
  }
  if (stale.length > most) return null;
  for (let i = 0; i < stale.length; i += BATCH) {
    for (const row of await read(db, inArray(services.id, stale.slice(i, i + BATCH)))) {
      if (row.public) index.apply(toService(row));
      else index.remove(row.id);
    }
  }
  return stale.length;
}

/**
 * Which database and which services table this is, for its snapshot: another database, server,
 * restored backup or TRUNCATE (a new file for the table) gives another identity.
 */
export async function databaseIdentity(db: Db): Promise<string> {
  const [row] = await queryRows<{ identity: string }>(
    db,
    sql`SELECT concat_ws(':', current_database(), inet_server_port(), 'services'::regclass::oid,
      pg_relation_filenode('services')) AS identity`,
  );
  return row!.identity;
}

export async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${services} WHERE ${where}`);
  return Number(row!.n);
}
