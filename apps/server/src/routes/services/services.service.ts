import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  DEFAULT_SORT,
  LIST_WINDOW,
  normaliseSearchText,
  SEARCH_DEFAULT_SORT,
  type ListSortKey,
  type SearchUnderstanding,
  type ServiceListParams,
  lastPageInWindow,
  type ServiceList,
  type AreaCount,
  type CategoryCount,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
  type SortKey,
  type PersonListQuery,
  DEFAULT_WEEKLY_HOURS,
  type WorkLocation,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';
import { isPublic, selectServices, serviceColumns, toApiService, type ServiceRow } from './service-row';
import type { AggregateCache } from '../../lib/aggregate-cache';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { pageWindow, type Page } from '../../lib/paging';
import type { AuthUser } from '../../auth';
import type { SearchIndex } from '../search/search-index';
import { planSearch, type SearchPlan } from '../search/search-plan';
import { searchMatch, searchRank } from '../search/search-sql';

/**
 * A page from the in-memory index (a search, or an area's list): its services as lists show them
 * and its exact count, or undefined when the index cannot answer it (literal substrings other than
 * hyphenated words).
 */
function indexedPage(index: SearchIndex, q: PageQuery, plan: SearchPlan | null) {
  return index.page(plan, q.area, sortOf(q, plan), (q.page - 1) * q.limit, q.limit, {
    rankAll: RANK_ALL_MAX,
    ranked: candidatesFor(q),
  });
}

const windowed = (n: number) => (n > LIST_WINDOW ? { total: LIST_WINDOW, capped: true } : { total: n, capped: false });

// Each order matches a partial index of the public list (db/schema.ts), walked forward or backward.
const ORDER: Record<SortKey, SQL[]> = {
  newest: [desc(services.createdAt), desc(services.id)],
  name: [asc(sql`lower(${services.serviceName})`), asc(services.id)],
  'price-low': [asc(services.servicePrice), asc(services.id)],
  'price-high': [desc(services.servicePrice), desc(services.id)],
  provider: [asc(sql`lower(${services.providerName})`), asc(services.id)],
};

const AREA_COUNTS_KEY = 'services:areas';
const CATEGORY_COUNTS_KEY = 'services:categories';

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
const candidatesFor = (q: PageQuery) =>
  Math.min(LIST_WINDOW, RANKED_CANDIDATES * Math.ceil((q.page * q.limit) / RANKED_CANDIDATES));

/** A page of the list, or the header search (page 1, best match). */
export type PageQuery = Pick<ServiceListParams, 'area' | 'sort' | 'page' | 'limit'>;

function listWhere(area: string | undefined, plan: SearchPlan | null): SQL {
  const conditions = [isPublic];
  if (plan) conditions.push(searchMatch(plan, area));
  if (area) conditions.push(eq(services.serviceArea, area));
  return and(...conditions)!;
}

const sortOf = (q: PageQuery, plan: SearchPlan | null): ListSortKey =>
  q.sort ?? (plan ? SEARCH_DEFAULT_SORT : DEFAULT_SORT);

// What orders a search's matches (every sort's keys); the rest of a row is read for the page only.
const orderColumns = {
  id: services.id,
  serviceName: services.serviceName,
  servicePrice: services.servicePrice,
  providerName: services.providerName,
  createdAt: services.createdAt,
};

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
 * match once at ~3 µs: the two cost the same at matches = sqrt(10 · needed · scope). At 100,000
 * services and a third page of 20, about 7,700; at 1,000,000, about 24,000.
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
  const where = listWhere(q.area, plan);
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
      .orderBy(...ORDER[sort === 'best' ? 'newest' : sort])
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
    db.select().from(b).orderBy(desc(b.createdAt), desc(b.id)).limit(candidatesFor(q)).as('m');
  const all = few || (bitmap && sort !== 'best');
  const m = all
    ? fenced('m')
    : bitmap
      ? newestOf(fenced('b'))
      : base
          .orderBy(...ORDER.newest)
          .limit(candidatesFor(q))
          .as('m');
  const keys = m._.selectedFields as unknown as typeof orderColumns & { searchVector?: SQL.Aliased };
  const rank = (sort === 'best' ? searchRank(plan, keys.searchVector!) : sql<number>`0::float4`).as('rank');
  const { searchVector: _vector, ...mColumns } = keys;
  const order = (t: typeof orderColumns & { rank: typeof rank | SQL.Aliased<number> }): SQL[] =>
    ({
      best: [desc(t.rank), desc(t.createdAt), desc(t.id)],
      newest: [desc(t.createdAt), desc(t.id)],
      name: [asc(sql`lower(${t.serviceName})`), asc(t.id)],
      'price-low': [asc(t.servicePrice), asc(t.id)],
      'price-high': [desc(t.servicePrice), desc(t.id)],
      provider: [asc(sql`lower(${t.providerName})`), asc(t.id)],
    })[sort];
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

/** The total is 1,000+ without counting: one word, alone, that more services than that hold. */
function surelyCapped(area: string | undefined, plan: SearchPlan): boolean {
  const [slot] = plan.slots;
  return (
    !area &&
    plan.slots.length === 1 &&
    plan.literals.length === 0 &&
    slot!.services > 0 &&
    Math.max(...slot!.alternatives.filter((a) => a.words.length === 1).map((a) => a.services ?? 0), 0) > LIST_WINDOW
  );
}

/** Counts matches up to LIST_WINDOW + 1 rows, so a common word costs no more than a rare one. */
export const cappedCountQuery = (
  db: Db,
  area: string | undefined,
  plan: SearchPlan,
  catalogue?: number,
  inArea?: number,
) =>
  db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(services)
      .where(listWhere(area, plan))
      // Many matches in the whole catalogue: walk the newest-first index until the window is full
      // (never the whole table). Within an area the area's name is a term of the GIN lookup, and
      // the bitmap of the intersection costs less than a walk that checks every row it passes.
      .orderBy(...(!area && expectedMatches(plan, catalogue, inArea) > MATCHES_FIRST_MAX ? ORDER.newest : []))
      .limit(LIST_WINDOW + 1)
      .as('matches'),
  );

/**
 * A search resolved against the catalogue's words: the in-memory index's own count of them when
 * there is one (no query), else search_words, cached like the counts (emptied by every change).
 */
export function planFor(db: Db, cache: AggregateCache, text: string, index: SearchIndex | null): Promise<SearchPlan> {
  if (index) return planSearch(index.lookup, text);
  return cache.get(`search:plan:${normaliseSearchText(text)}`, () => planSearch(db, text));
}

/** Active services in all and, with an area, in that area (from the cached per-area counts). */
async function catalogueSize(
  db: Db,
  cache: AggregateCache,
  area?: string,
): Promise<{ catalogue: number; inArea?: number }> {
  const areas = await areaCounts(db, cache);
  const catalogue = areas.reduce((sum, a) => sum + a.count, 0);
  return area ? { catalogue, inArea: areas.find((a) => a.area === area)?.count ?? 0 } : { catalogue };
}

async function listTotal(
  db: Db,
  cache: AggregateCache,
  q: ServiceListParams,
  plan: SearchPlan | null,
  size: { catalogue: number; inArea?: number },
): Promise<{ total: number; capped: boolean }> {
  if (!plan) {
    // Without a search the per-area counts give an exact total at no cost.
    const areas = await areaCounts(db, cache);
    return {
      total: areas.filter((a) => !q.area || a.area === q.area).reduce((sum, a) => sum + a.count, 0),
      capped: false,
    };
  }
  if (surelyCapped(q.area, plan)) return { total: LIST_WINDOW, capped: true };
  const key = `services:count:${q.area ?? ''}:${normaliseSearchText(q.search ?? '')}`;
  const n = await cache.get(
    key,
    async () => (await cappedCountQuery(db, q.area, plan, size.catalogue, size.inArea))[0]?.n ?? 0,
  );
  return windowed(n);
}

const understood = (plan: SearchPlan): SearchUnderstanding => ({ corrected: plan.corrected, terms: plan.terms });

export async function listServices(
  db: Db,
  cache: AggregateCache,
  q: ServiceListParams,
  index: SearchIndex | null = null,
): Promise<ServiceList> {
  if ((q.page - 1) * q.limit >= LIST_WINDOW) {
    throw badRequest(
      `Only the first ${LIST_WINDOW.toLocaleString('en')} services of a list can be paged through (page ${lastPageInWindow(q.limit)} at ${q.limit} per page): search or choose an area to narrow the list.`,
    );
  }
  const plan = q.search ? await planFor(db, cache, q.search, index) : null;
  const answer = (list: Service[], count: { total: number; capped: boolean }): ServiceList => ({
    services: list,
    total: count.total,
    totalCapped: count.capped,
    page: q.page,
    limit: q.limit,
    query: plan ? understood(plan) : null,
  });
  if (plan?.empty) return answer([], { total: 0, capped: false });
  if (index) {
    // A search, or a list (the area's, or all), ordered and counted in the index.
    const page = indexedPage(index, q, plan);
    if (page) return answer(page.services, plan ? windowed(page.total) : { total: page.total, capped: false });
  }
  const size = await catalogueSize(db, cache, q.area);
  const [rows, count] = await Promise.all([
    listPageQuery(db, q, plan, size.catalogue, size.inArea),
    listTotal(db, cache, q, plan, size),
  ]);
  return answer(rows.map(toApiService), count);
}

/** The header search: the best matches, as the list with the same text orders them. */
export async function searchServices(
  db: Db,
  cache: AggregateCache,
  text: string,
  limit: number,
  index: SearchIndex | null = null,
): Promise<Service[]> {
  const plan = await planFor(db, cache, text, index);
  if (plan.empty) return [];
  const q = { page: 1, limit };
  const page = index ? indexedPage(index, q, plan) : undefined;
  if (page) return page.services;
  const { catalogue } = await catalogueSize(db, cache);
  return (await listPageQuery(db, q, plan, catalogue)).map(toApiService);
}

async function countPerArea(db: Db): Promise<AreaCount[]> {
  const rows = await db
    .select({ area: services.serviceArea, count: sql<number>`count(*)::int` })
    .from(services)
    .where(isPublic)
    .groupBy(services.serviceArea)
    .orderBy(asc(services.serviceArea));
  return rows as AreaCount[];
}

/** Active services per area (cached: lib/aggregate-cache). */
export function areaCounts(db: Db, cache: AggregateCache): Promise<AreaCount[]> {
  return cache.get(AREA_COUNTS_KEY, () => countPerArea(db));
}

/** Whole-word keyword match on the service name (so "ac" does not count "Replacement"). */
function categoryPattern(keywords: readonly string[]): string {
  return `\\m(${keywords.join('|')})\\M`;
}

/** Active services per home category (cached: lib/aggregate-cache). */
export function categoryCounts(db: Db, cache: AggregateCache): Promise<CategoryCount[]> {
  return cache.get(CATEGORY_COUNTS_KEY, () => countPerCategory(db));
}

async function countPerCategory(db: Db): Promise<CategoryCount[]> {
  const columns = Object.fromEntries(
    CATEGORIES.map((c) => [
      c.key,
      sql<number>`(count(*) FILTER (WHERE ${services.serviceName} ~* ${categoryPattern(c.keywords)}))::int`,
    ]),
  );
  const [row] = await db.select(columns).from(services).where(isPublic);
  return CATEGORIES.map((c) => ({
    key: c.key,
    name: c.name,
    keywords: [...c.keywords],
    count: Number(row?.[c.key] ?? 0),
  }));
}

/** A service page: public services for everyone; a paused one only for its provider. */
export async function getService(db: Db, id: string, viewer: AuthUser | null): Promise<Service> {
  const [row] = await db
    .select({ ...serviceColumns, ...termsColumns })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row || (row.status !== 'active' && row.providerId !== viewer?.id)) {
    throw notFound("Service not found. The service you're looking for doesn't exist.");
  }
  return withTerms(row);
}

/** A service with how it is booked (the service page and the provider's own list). */
function withTerms(row: ServiceRow & { [K in keyof typeof termsColumns]: (typeof services.$inferSelect)[K] }): Service {
  return {
    ...toApiService(row),
    bookingTerms: {
      weeklyHours: row.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
      defaultHours: row.weeklyHours == null,
      jobMinutes: row.jobMinutes,
      workLocation: row.workLocation as WorkLocation,
      shopAddress: row.shopAddress,
    },
  };
}

const termsColumns = {
  weeklyHours: services.weeklyHours,
  jobMinutes: services.jobMinutes,
  workLocation: services.workLocation,
  shopAddress: services.shopAddress,
};

/** The booking terms a create or an update sets (a field left out keeps its value). */
function termsOf(body: ServiceCreate | ServiceUpdate): Partial<typeof services.$inferInsert> {
  const terms: Partial<typeof services.$inferInsert> = {};
  if (body.weeklyHours !== undefined) terms.weeklyHours = [...body.weeklyHours].sort((a, b) => a.day - b.day);
  if (body.jobMinutes !== undefined) terms.jobMinutes = body.jobMinutes;
  if (body.workLocation !== undefined) terms.workLocation = body.workLocation;
  if (body.shopAddress !== undefined) terms.shopAddress = body.shopAddress || null;
  return terms;
}

/** A page of the provider's own services (paused ones included), newest first, and their number. */
export async function listProviderServices(db: Db, providerId: string, query: PersonListQuery): Promise<Page<Service>> {
  const own = and(eq(services.providerId, providerId), isNull(services.deletedAt));
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...serviceColumns, ...termsColumns })
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(own)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(services)
      .where(own),
  ]);
  return { items: rows.map(withTerms), total: count?.total ?? 0 };
}

function assertOwnEmail(user: AuthUser, providerEmail: string | undefined) {
  if (providerEmail && providerEmail !== user.email) {
    throw forbidden('The provider e-mail must be your own: you can only list services as yourself.');
  }
}

export async function createService(db: Db, user: AuthUser, body: ServiceCreate): Promise<Service> {
  assertOwnEmail(user, body.providerEmail);
  const [row] = await db
    .insert(services)
    .values({
      providerId: user.id,
      serviceName: body.serviceName,
      serviceDescription: body.serviceDescription,
      servicePrice: Number(body.servicePrice),
      serviceArea: body.serviceArea,
      serviceImage: (body.serviceImage ?? body.imageURL)!,
      providerName: body.providerName,
      providerImage: body.providerImage ?? null,
      status: body.status ?? 'active',
      ...termsOf(body),
    })
    .returning({ id: services.id });
  return getService(db, row!.id, user);
}

/** Loads a service for a change by its provider: 404 when missing or deleted, 403 for anyone else. */
async function ownedService(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Service not found.');
  if (row.providerId !== user.id) throw forbidden('Only the provider of this service can change it.');
}

export async function updateService(db: Db, user: AuthUser, id: string, body: ServiceUpdate): Promise<Service> {
  await ownedService(db, user, id);
  assertOwnEmail(user, body.providerEmail);
  const changes: Partial<typeof services.$inferInsert> = {};
  if (body.serviceName !== undefined) changes.serviceName = body.serviceName;
  if (body.serviceDescription !== undefined) changes.serviceDescription = body.serviceDescription;
  if (body.servicePrice !== undefined) changes.servicePrice = Number(body.servicePrice);
  if (body.serviceArea !== undefined) changes.serviceArea = body.serviceArea;
  const image = body.serviceImage ?? body.imageURL;
  if (image !== undefined) changes.serviceImage = image;
  if (body.providerName !== undefined) changes.providerName = body.providerName;
  if (body.providerImage !== undefined) changes.providerImage = body.providerImage ?? null;
  if (body.status !== undefined) changes.status = body.status;
  Object.assign(changes, termsOf(body));
  await db
    .update(services)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  return getService(db, id, user);
}

/** Soft delete: the service leaves every list; its bookings and reviews stay. */
export async function deleteService(db: Db, user: AuthUser, id: string): Promise<void> {
  await ownedService(db, user, id);
  await db
    .update(services)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
}
