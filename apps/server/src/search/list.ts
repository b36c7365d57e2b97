import { asc, sql } from 'drizzle-orm';
import {
  LIST_WINDOW,
  normaliseSearchText,
  lastPageInWindow,
  type AreaCount,
  type SearchUnderstanding,
  type Service,
  type ServiceList,
  type ServiceListParams,
} from '@meramot/shared';
import type { Db } from '../db/client';
import { services } from '../db/schema';
import { isPublic, toApiService } from '../db/service-row';
import type { AggregateCache } from '../lib/aggregate-cache';
import { badRequest } from '../lib/http-error';
import {
  cappedCountQuery,
  candidatesFor,
  listPageQuery,
  RANK_ALL_MAX,
  sortOf,
  type PageQuery,
} from './database/list-query';
import type { SearchIndex } from './memory/search-index';
import { planSearch, type SearchPlan } from './plan';

/**
 * The public list and the header search: planned once, answered by the in-memory index when it is
 * built and can answer, else by the database (database/list-query.ts), with the same matches,
 * counts and order either way.
 */

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

const AREA_COUNTS_KEY = 'services:areas';

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
