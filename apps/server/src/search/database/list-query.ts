import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SORT,
  LIST_WINDOW,
  SEARCH_DEFAULT_SORT,
  type ListSortKey,
  type ServiceListParams,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';
import { isPublic, selectServices, serviceColumns } from '../../db/service-row';
import { SORTS, type SortField } from '../definitions';
import type { SearchPlan } from '../plan';
import { searchMatch, searchRank } from './match';
import type { PlaceFilter } from '../../places/catalogue';

/**
 * The database path's plan for a page of the public list and for its count: which index to walk,
 * when to take the matches through the GIN index first, how many of them best match ranks.
 */

/** A sort's SQL order from the one sort table (definitions.ts), over the given key columns. */
function sortOrder(
  sort: Exclude<ListSortKey, 'best'>,
  keys: Record<SortField | 'id', AnyColumn | SQL | SQL.Aliased>,
): SQL[] {
  const { field, descending } = SORTS[sort];
  const key = field === 'name' || field === 'provider' ? sql`lower(${keys[field]})` : keys[field];
  return descending ? [desc(key), desc(keys.id)] : [asc(key), asc(keys.id)];
}

// What orders a search's matches (every sort's keys); the rest of a row is read for the page only.
const orderColumns = {
  id: services.id,
  serviceName: services.serviceName,
  servicePrice: services.servicePrice,
  providerName: services.providerName,
  createdAt: services.createdAt,
};

/** The sort keys of a row with the columns of orderColumns (the table's, or a subquery's). */
const keysOf = (t: Record<keyof typeof orderColumns, AnyColumn | SQL | SQL.Aliased>) => ({
  id: t.id,
  created: t.createdAt,
  price: t.servicePrice,
  name: t.serviceName,
  provider: t.providerName,
});

// Each order matches a partial index of the public list (db/schema.ts), walked forward or backward.
const ORDER = (sort: Exclude<ListSortKey, 'best'>) => sortOrder(sort, keysOf(orderColumns));

/**
 * Up to this many matches (an upper bound from the words' counts), a search takes its matches
 * through the GIN index first and then ranks or sorts them all; above it the matches are dense,
 * and a sort walks its own index while best match ranks the newest RANKED_CANDIDATES matches.
 */
export const MATCHES_FIRST_MAX = 2000;
/**
 * Best match over many matches ranks the newest matches, this many at a time: pages 1 to 15 (at 20)
 * rank the newest 300, a deeper page the newest 600, 900 or 1,000 (LIST_WINDOW), so the work stays
 * in proportion to the page asked for.
 */
export const RANKED_CANDIDATES = 300;
export const candidatesFor = (q: PageQuery) =>
  Math.min(LIST_WINDOW, RANKED_CANDIDATES * Math.ceil((q.page * q.limit) / RANKED_CANDIDATES));

/** A page of the list, or the header search (page 1, best match). */
export type PageQuery = PlaceFilter & Pick<ServiceListParams, 'sort' | 'page' | 'limit'>;

/**
 * The public services of a search within a place: a division (its name is also a term of the GIN
 * lookup), a district (an index of its own, made by places/backfill.ts), an area (the GIN index on
 * place_areas).
 */
function listWhere(filter: PlaceFilter, plan: SearchPlan | null): SQL {
  const conditions = [isPublic];
  if (plan) conditions.push(searchMatch(plan, filter.area));
  if (filter.area) conditions.push(eq(services.serviceArea, filter.area));
  if (filter.district) conditions.push(eq(services.district, filter.district));
  if (filter.place) conditions.push(sql`${services.placeAreas} @> ARRAY[${filter.place}]::text[]`);
  return and(...conditions)!;
}

export const sortOf = (q: PageQuery, plan: SearchPlan | null): ListSortKey =>
  q.sort ?? (plan ? SEARCH_DEFAULT_SORT : DEFAULT_SORT);

/**
 * The matches to expect: the smallest slot's count, or with several words (assumed independent)
 * that share of the catalogue, so "walton tv" is known to be far rarer than "tv"; within an area
 * (`inArea` services), that share of the area's services.
 */
export function expectedMatches(plan: SearchPlan, catalogue?: number, inArea?: number): number {
  if (!catalogue || (plan.slots.length < 2 && inArea === undefined)) return plan.estimate;
  const share = plan.slots.reduce((p, s) => p * Math.min(1, s.services / catalogue), 1);
  return Math.min(plan.estimate, Math.ceil((inArea ?? catalogue) * share));
}

/** Best match ranks every match up to this many expected (ranking a row costs ~25 µs). */
export const RANK_ALL_MAX = 1500;

/**
 * Up to how many matches taking them all through the GIN index (a bitmap, then a sort) costs less
 * than walking a sort index until `needed` of them turn up. The walk checks search_vector on
 * every row it passes, about `scope / matches` rows per match at ~30 µs each; the bitmap reads each
 * match once at ~3 µs: the two cost the same at matches = sqrt(10 · needed · scope) (figures in
 * docs/search.md).
 */
export function bitmapCrossover(needed: number, scope: number | undefined): number {
  return scope === undefined ? MATCHES_FIRST_MAX : Math.max(MATCHES_FIRST_MAX, Math.sqrt(10 * needed * scope));
}

/**
 * The rows of a page of the public list (exported for the query-plan tests). `catalogue`, the
 * public services in all, sharpens the choice of plan.
 */
export function listPageQuery(
  db: Db,
  q: PageQuery,
  plan: SearchPlan | null = null,
  catalogue?: number,
  inArea?: number,
) {
  const where = listWhere(q, plan);
  const sort = sortOf(q, plan);
  const offset = (q.page - 1) * q.limit;
  const expected = plan ? expectedMatches(plan, catalogue, inArea) : Infinity;
  // Few matches: take them all through the GIN index, then rank or sort them (for best match,
  // fewer still: ranking costs more), rather than walk an index in order.
  const few = expected <= (sort === 'best' ? RANK_ALL_MAX : MATCHES_FIRST_MAX);
  const scope = inArea ?? catalogue;
  const needed = sort === 'best' ? candidatesFor(q) : q.page * q.limit;
  // Not few, but not so many that walking a sort index would find them sooner: all of them through
  // the GIN index, then the sort (or, for best match, the newest candidates) on those.
  const bitmap = plan !== null && !few && expected <= bitmapCrossover(needed, scope);
  if (!plan || (sort !== 'best' && !few && !bitmap)) {
    return selectServices(db)
      .where(where)
      .orderBy(...ORDER(sort === 'best' ? 'newest' : sort))
      .limit(q.limit)
      .offset(offset);
  }
  // The matches carry only what orders them (and, for best match, search_vector to rank them);
  // the page's rows are read whole once the page is known (a deferred join), so a sort of
  // thousands of matches moves no descriptions.
  const base = db
    .select({ ...orderColumns, ...(sort === 'best' ? { searchVector: services.searchVector } : {}) })
    .from(services)
    .where(where);
  // Few matches: all of them through the GIN index (OFFSET 0 keeps the planner from walking a sort
  // index instead). Many, for best match: the newest RANKED_CANDIDATES, taken from all the matches
  // (a bitmap) below the crossover, else walking the newest-first index.
  const fenced = (alias: string) => base.offset(0).as(alias);
  const newestOf = (b: ReturnType<typeof fenced>) =>
    db
      .select()
      .from(b)
      .orderBy(...sortOrder('newest', keysOf(b)))
      .limit(candidatesFor(q))
      .as('m');
  const all = few || (bitmap && sort !== 'best');
  const m = all
    ? fenced('m')
    : bitmap
      ? newestOf(fenced('b'))
      : base
          .orderBy(...ORDER('newest'))
          .limit(candidatesFor(q))
          .as('m');
  const keys = m._.selectedFields as unknown as typeof orderColumns & { searchVector?: SQL.Aliased };
  const rank = (sort === 'best' ? searchRank(plan, keys.searchVector!) : sql<number>`0::float4`).as('rank');
  const { searchVector: _vector, ...mColumns } = keys;
  const order = (t: typeof orderColumns & { rank: typeof rank | SQL.Aliased<number> }): SQL[] =>
    sort === 'best' ? [desc(t.rank), ...sortOrder('newest', keysOf(t))] : sortOrder(sort, keysOf(t));
  const page = db
    .select({ ...mColumns, rank })
    .from(m)
    .orderBy(...order({ ...mColumns, rank }))
    .limit(q.limit)
    .offset(offset)
    .as('p');
  const p = page._.selectedFields;
  return db
    .select(serviceColumns)
    .from(page)
    .innerJoin(services, eq(services.id, page.id))
    .innerJoin(users, eq(users.id, services.providerId))
    .orderBy(...order(p as never));
}

/** Counts matches up to LIST_WINDOW + 1 rows, so a common word costs no more than a rare one. */
export const cappedCountQuery = (db: Db, filter: PlaceFilter, plan: SearchPlan, catalogue?: number, inArea?: number) =>
  db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(services)
      .where(listWhere(filter, plan))
      // Many matches in the whole catalogue: walk the newest-first index until the window is full
      // (never the whole table). Within an area the area's name is a term of the GIN lookup, and
      // the bitmap of the intersection costs less than a walk that checks every row it passes.
      .orderBy(...(!filter.area && expectedMatches(plan, catalogue, inArea) > MATCHES_FIRST_MAX ? ORDER('newest') : []))
      .limit(LIST_WINDOW + 1)
      .as('matches'),
  );
