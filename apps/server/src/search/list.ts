import { asc, sql } from 'drizzle-orm';
import {
  LIST_WINDOW,
  normaliseSearchText,
  lastPageInWindow,
  type AreaCount,
  type PlaceCounts,
  type SearchUnderstanding,
  type Service,
  type ServiceList,
  type ServiceListParams,
} from '@meramot/shared';
import { queryRows, type Db } from '../db/client';
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
import { readPlaceWords } from './place-words';
import { placeCatalogue, type PlaceFilter } from '../places/catalogue';

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
  return index.page(plan, q, sortOf(q, plan), (q.page - 1) * q.limit, q.limit, {
    rankAll: RANK_ALL_MAX,
    ranked: candidatesFor(q),
  });
}

const windowed = (n: number) => (n > LIST_WINDOW ? { total: LIST_WINDOW, capped: true } : { total: n, capped: false });

const AREA_COUNTS_KEY = 'services:areas';

/** The total is 1,000+ without counting: one word, alone, that more services than that hold. */
function surelyCapped(filter: PlaceFilter, plan: SearchPlan): boolean {
  const [slot] = plan.slots;
  return (
    !filter.area &&
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

/**
 * Active services in all and, with a place, in that place (the most precise of division, district
 * and area), from the cached counts per division and per place.
 */
async function catalogueSize(
  db: Db,
  cache: AggregateCache,
  filter: PlaceFilter = {},
): Promise<{ catalogue: number; inArea?: number }> {
  const areas = await areaCounts(db, cache);
  const catalogue = areas.reduce((sum, a) => sum + a.count, 0);
  const named = filter.place ?? filter.district;
  if (named) return { catalogue, inArea: (await placeCountsOf(db, cache)).get(named) ?? 0 };
  return filter.area ? { catalogue, inArea: areas.find((a) => a.area === filter.area)?.count ?? 0 } : { catalogue };
}

async function listTotal(
  db: Db,
  cache: AggregateCache,
  q: PageQuery & { search?: string },
  plan: SearchPlan | null,
  size: { catalogue: number; inArea?: number },
): Promise<{ total: number; capped: boolean }> {
  if (!plan) {
    // Without a search the counts per division and per place give an exact total at no cost.
    return { total: size.inArea ?? size.catalogue, capped: false };
  }
  if (surelyCapped(q, plan)) return { total: LIST_WINDOW, capped: true };
  const key = `services:count:${q.area ?? ''}:${q.district ?? ''}:${q.place ?? ''}:${normaliseSearchText(q.search ?? '')}`;
  const n = await cache.get(
    key,
    async () => (await cappedCountQuery(db, q, plan, size.catalogue, size.inArea))[0]?.n ?? 0,
  );
  return windowed(n);
}

/**
 * The list's place (the filters checked, their parents filled in) and its search with the words
 * that named a place read as that place (place-words.ts).
 */
function readPlaces(q: { search?: string; area?: string; district?: string; place?: string }) {
  const places = placeCatalogue();
  const filter = places.checkFilter({ area: q.area, district: q.district, place: q.place });
  if (!q.search) return { search: undefined, filter, place: null };
  const reading = readPlaceWords(places, q.search, filter);
  return { search: reading.text || undefined, filter: reading.filter, place: reading.place };
}

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
  const { search, filter, place } = readPlaces(q);
  const list = { ...q, ...filter, search };
  const plan = search ? await planFor(db, cache, search, index) : null;
  const query: SearchUnderstanding | null = q.search
    ? { corrected: plan?.corrected ?? null, terms: plan?.terms ?? [], place }
    : null;
  const answer = (services: Service[], count: { total: number; capped: boolean }): ServiceList => ({
    services,
    total: count.total,
    totalCapped: count.capped,
    page: q.page,
    limit: q.limit,
    query,
  });
  if (plan?.empty) return answer([], { total: 0, capped: false });
  if (index) {
    // A search, or a list (a place's, or all), ordered and counted in the index.
    const page = indexedPage(index, list, plan);
    if (page) return answer(page.services, plan ? windowed(page.total) : { total: page.total, capped: false });
  }
  const size = await catalogueSize(db, cache, filter);
  const [rows, count] = await Promise.all([
    listPageQuery(db, list, plan, size.catalogue, size.inArea),
    listTotal(db, cache, list, plan, size),
  ]);
  return answer(rows.map(toApiService), count);
}

/**
 * The header search: the best matches, as the list with the same text (and place) orders them. A
 * search naming only a place ("mirpur") answers that place's newest services.
 */
export async function searchServices(
  db: Db,
  cache: AggregateCache,
  text: string,
  limit: number,
  index: SearchIndex | null = null,
  places: PlaceFilter = {},
): Promise<Service[]> {
  const { search, filter } = readPlaces({ search: text, ...places });
  const plan = search ? await planFor(db, cache, search, index) : null;
  if (plan?.empty) return [];
  const q = { page: 1, limit, ...filter };
  const page = index ? indexedPage(index, q, plan) : undefined;
  if (page) return page.services;
  const { catalogue, inArea } = await catalogueSize(db, cache, filter);
  return (await listPageQuery(db, q, plan, catalogue, inArea)).map(toApiService);
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

const PLACE_COUNTS_KEY = 'services:places';

/** Public services per district and per area id, from the database (a scan: cached). */
async function countPerPlace(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; count: number }>(
    db,
    sql`SELECT district AS id, count(*)::int AS count FROM ${services}
        WHERE ${isPublic} AND district IS NOT NULL GROUP BY district
      UNION ALL
      SELECT a.id, count(*)::int FROM ${services}, unnest(place_areas) AS a(id)
        WHERE ${isPublic} GROUP BY a.id`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.count)]));
}

/** The counts per place id: the in-memory index's own when there is one, else the database's (cached). */
function placeCountsOf(db: Db, cache: AggregateCache, index: SearchIndex | null = null): Promise<Map<string, number>> {
  if (index) return Promise.resolve(index.placeCounts());
  return cache.get(PLACE_COUNTS_KEY, () => countPerPlace(db));
}

/** The answer made of each count (the same Map while nothing changed: every All Services page asks). */
const placeCountAnswers = new WeakMap<Map<string, number>, PlaceCounts>();

/** Public services per district and per area, with their names and parents, in the places' order (not to be changed). */
export async function placeCounts(
  db: Db,
  cache: AggregateCache,
  index: SearchIndex | null = null,
): Promise<PlaceCounts> {
  const counts = await placeCountsOf(db, cache, index);
  let answer = placeCountAnswers.get(counts);
  if (answer) return answer;
  answer = { districts: [], areas: [] };
  placeCountAnswers.set(counts, answer);
  for (const division of placeCatalogue().places.divisions)
    for (const d of division.districts) {
      const count = counts.get(d.id);
      if (count) answer.districts.push({ id: d.id, name: d.name, bn: d.bn, division: division.id, count });
      for (const a of d.areas) {
        const n = counts.get(a.id);
        if (n) answer.areas.push({ id: a.id, name: a.name, bn: a.bn, kind: a.kind, district: d.id, count: n });
      }
    }
  return answer;
}

/** Narrowed answers by the whole one, then by district: the same object for the same counts. */
const narrowedAnswers = new WeakMap<PlaceCounts, Map<string, PlaceCounts>>();

/**
 * The place counts with the areas of one district only ('' for none): a filter shows one
 * district's localities, and the districts alone are a twelfth of the whole answer. The same
 * object while the counts stand, so its shaped and serialised forms are made once.
 */
export function narrowPlaceCounts(counts: PlaceCounts, district: string | undefined): PlaceCounts {
  if (district === undefined) return counts;
  // A district no service names has no areas here either: the answer for none (any id may be
  // asked, so only named districts are kept apart).
  const key = district === '' || counts.districts.some((d) => d.id === district) ? district : '';
  let byDistrict = narrowedAnswers.get(counts);
  if (!byDistrict) narrowedAnswers.set(counts, (byDistrict = new Map()));
  let narrowed = byDistrict.get(key);
  if (!narrowed) {
    narrowed = { districts: counts.districts, areas: counts.areas.filter((a) => a.district === key) };
    byDistrict.set(key, narrowed);
  }
  return narrowed;
}

/** Active services per area (cached: lib/aggregate-cache). */
export function areaCounts(db: Db, cache: AggregateCache): Promise<AreaCount[]> {
  return cache.get(AREA_COUNTS_KEY, () => countPerArea(db));
}
