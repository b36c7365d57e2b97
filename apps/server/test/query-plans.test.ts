/**
 * The query plans the list, search, service page and bookings rely on, checked with EXPLAIN on a
 * generated marketplace (seed/bulk-seed.ts) big enough for the planner to prefer indexes the way it
 * does at 100,000 and 1,000,000 services: each sort walks its own index and stops at the page, rare
 * words go through the GIN index on search_vector and only their matches are sorted, a common word
 * walks the sort index, nothing reads the whole services table.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@meramot/shared';
import { seedBulk } from '../src/seed/bulk-seed';
import { queryRows, type Db } from '../src/db/client';
import { personBookingsQuery } from '../src/routes/bookings/bookings.service';
import {
  providerAreasQuery,
  providerRatingQuery,
  providerServicesQuery,
} from '../src/routes/providers/providers.service';
import { providerReviewsQuery } from '../src/routes/reviews/reviews.service';
import { planSearch } from '../src/search/plan';
import { cappedCountQuery, listPageQuery, MATCHES_FIRST_MAX, RANK_ALL_MAX } from '../src/search/database/list-query';
import { createTestApp, type TestApp } from './helpers';

const SERVICES = 20_000;
const SEARCH_INDEX = 'services_public_search_idx';
const SORT_INDEX = {
  newest: 'services_public_newest_idx',
  name: 'services_public_name_idx',
  'price-low': 'services_public_price_idx',
  'price-high': 'services_public_price_idx',
  provider: 'services_public_provider_idx',
} as const;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await seedBulk(db, SERVICES, () => {});
}, 180_000);
afterAll(() => t?.close());

async function plan(query: { getSQL(): SQL }, on: Db = db): Promise<PlanNode[]> {
  const [row] = await queryRows<Record<string, unknown>>(on, sql`EXPLAIN (FORMAT JSON) ${query.getSQL()}`);
  const raw = Object.values(row!)[0];
  const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(root[0]!.Plan);
  return nodes;
}

const indexes = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);
const seqScans = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
const sorts = (nodes: PlanNode[]) => nodes.filter((n) => n['Node Type'].includes('Sort'));

/** A page walks the sort's index in order: no sort of the matches, no scan of the whole table. */
function expectIndexOrdered(nodes: PlanNode[], index: string) {
  expect(indexes(nodes)).toContain(index);
  expect(sorts(nodes)).toEqual([]);
  expect(seqScans(nodes, 'services')).toEqual([]);
}

describe(`query plans on ${SERVICES.toLocaleString('en')} generated services`, () => {
  it.each(SORT_KEYS)('the list sorted by %s walks its index, first page and deep page', async (sort) => {
    expectIndexOrdered(await plan(listPageQuery(db, { sort, page: 1, limit: 20 })), SORT_INDEX[sort]);
    expectIndexOrdered(await plan(listPageQuery(db, { sort, page: 50, limit: 20 })), SORT_INDEX[sort]);
  });

  it.each(SORT_KEYS)('the list of one area sorted by %s walks the same index', async (sort) => {
    expectIndexOrdered(await plan(listPageQuery(db, { sort, area: 'Sylhet', page: 1, limit: 20 })), SORT_INDEX[sort]);
  });

  it('the list of a district or an area reads its rows through their indexes, never the whole table', async () => {
    for (const q of [
      { district: 'dhaka', page: 1, limit: 20 },
      { district: 'gazipur', page: 1, limit: 20 },
      { area: 'Dhaka' as const, district: 'gazipur', page: 3, limit: 20 },
    ]) {
      const nodes = await plan(listPageQuery(db, q));
      expect(indexes(nodes), JSON.stringify(q)).toContain('services_public_district_idx');
      expect(seqScans(nodes, 'services')).toEqual([]);
    }
    for (const sort of SORT_KEYS) {
      const nodes = await plan(listPageQuery(db, { district: 'bandarban', sort, page: 1, limit: 20 }));
      expect(seqScans(nodes, 'services'), sort).toEqual([]);
    }
    for (const sort of SORT_KEYS) {
      const nodes = await plan(listPageQuery(db, { place: 'dhaka/mirpur', sort, page: 1, limit: 20 }));
      expect(seqScans(nodes, 'services'), sort).toEqual([]);
      expect(indexes(nodes).length, sort).toBeGreaterThan(0);
    }
    const areaOnly = await plan(listPageQuery(db, { place: 'chattogram/agrabad', page: 1, limit: 20 }));
    expect(indexes(areaOnly)).toContain('services_public_place_areas_idx');
  });

  const search = (text: string) => planSearch(db, text);
  const noWholeTable = (nodes: PlanNode[]) => expect(seqScans(nodes, 'services')).toEqual([]);
  const usesGin = (nodes: PlanNode[]) => expect(indexes(nodes)).toContain(SEARCH_INDEX);

  it('a search for a common word walks the sort index and stops at the page; best match ranks the newest matches', async () => {
    const repair = await search('repair');
    expect(repair.estimate).toBeGreaterThan(MATCHES_FIRST_MAX);
    expectIndexOrdered(
      await plan(listPageQuery(db, { sort: 'newest', page: 1, limit: 20 }, repair)),
      SORT_INDEX.newest,
    );
    expectIndexOrdered(
      await plan(listPageQuery(db, { sort: 'price-low', page: 1, limit: 20 }, repair)),
      SORT_INDEX['price-low'],
    );
    const best = await plan(listPageQuery(db, { page: 1, limit: 20 }, repair));
    expect(indexes(best)).toContain(SORT_INDEX.newest);
    noWholeTable(best);
  });

  it('a search for rare words takes its matches through the GIN index and sorts the few, whatever the sort', async () => {
    const rare = await search('rumana talukder');
    expect(rare.estimate).toBeLessThanOrEqual(RANK_ALL_MAX);
    for (const sort of [undefined, ...SORT_KEYS]) {
      const nodes = await plan(listPageQuery(db, { sort, page: 1, limit: 20 }, rare));
      usesGin(nodes);
      noWholeTable(nodes);
    }
    const inArea = await plan(
      listPageQuery(db, { area: 'Dhaka', sort: 'price-low', page: 1, limit: 20 }, await search('samsung khulna')),
    );
    noWholeTable(inArea);
  });

  it.each(['a', 'ra', 'sam', 'walton tv', 'samsng', 'chip-level', 'genuine parts', 'ac servicing dhaka'])(
    'a search for %j stays on indexes, its page and its count',
    async (text) => {
      const p = await search(text);
      expect(p.empty).toBe(false);
      // As the list asks them: knowing the catalogue's size (which picks the bitmap or the walk), and without.
      for (const query of [
        listPageQuery(db, { page: 1, limit: 20 }, p),
        listPageQuery(db, { sort: 'name', page: 1, limit: 20 }, p),
        cappedCountQuery(db, {}, p),
        listPageQuery(db, { page: 3, limit: 20 }, p, SERVICES),
        listPageQuery(db, { sort: 'price-high', page: 3, limit: 20 }, p, SERVICES),
        listPageQuery(db, { sort: 'price-high', area: 'Chittagong', page: 1, limit: 20 }, p, SERVICES, SERVICES / 8),
        cappedCountQuery(db, {}, p, SERVICES),
        cappedCountQuery(db, { area: 'Chittagong' }, p, SERVICES, SERVICES / 8),
        listPageQuery(db, { district: 'dhaka', page: 1, limit: 20 }, p, SERVICES, SERVICES / 30),
        listPageQuery(db, { place: 'dhaka/mirpur', sort: 'price-low', page: 1, limit: 20 }, p, SERVICES, 100),
        cappedCountQuery(db, { district: 'dhaka' }, p, SERVICES, SERVICES / 30),
      ]) {
        const nodes = await plan(query);
        noWholeTable(nodes);
        expect(indexes(nodes).some((i) => i!.startsWith('services_'))).toBe(true);
      }
    },
  );

  it('a word that matches nothing asks nothing of the services table', async () => {
    expect((await search('xqzvw')).empty).toBe(true);
  });

  it('the count of a search stops at the window: a common word stops early, a rare one uses the GIN index', async () => {
    const common = await plan(cappedCountQuery(db, {}, await search('repair')));
    expect(common.map((n) => n['Node Type'])).toContain('Limit');
    const rare = await plan(cappedCountQuery(db, {}, await search('rumana talukder')));
    usesGin(rare);
    noWholeTable(rare);
  });

  it('the words table can answer completions, parts of words and typo candidates through its indexes', async () => {
    // The table holds one row per distinct word (a few hundred here), so the planner may rightly
    // read it whole; with sequential scans off, each shape shows an index that serves it as it grows.
    for (const query of [
      sql`SELECT word FROM search_words WHERE word LIKE 'sa%' ORDER BY services DESC LIMIT 40`,
      sql`SELECT word FROM search_words WHERE word LIKE '%ams%' LIMIT 10`,
      sql`SELECT word FROM search_words ORDER BY word <-> 'samsng', word LIMIT 8`,
    ]) {
      const nodes = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return plan({ getSQL: () => query }, tx as unknown as Db);
      });
      expect(indexes(nodes).some((i) => i === 'search_words_prefix_idx' || i === 'search_words_trgm_idx')).toBe(true);
    }
  });

  it("a person's bookings use an index of their role", async () => {
    const [row] = await queryRows<{ customer_id: string; provider_id: string }>(
      db,
      sql`SELECT customer_id, provider_id FROM bookings LIMIT 1`,
    );
    // bookings_customer_idx, or the idempotency index that also starts with customer_id.
    const customer = await plan(personBookingsQuery(db, 'customer', row!.customer_id));
    expect(indexes(customer).some((i) => i === 'bookings_customer_idx' || i === 'bookings_idempotency_unique')).toBe(
      true,
    );
    expect(seqScans(customer, 'bookings')).toEqual([]);
    const provider = await plan(personBookingsQuery(db, 'provider', row!.provider_id));
    expect(indexes(provider)).toContain('bookings_provider_idx');
    expect(seqScans(provider, 'bookings')).toEqual([]);
  });

  it("a provider's page reads their services and reviews by the provider's indexes, a deep page too", async () => {
    const [row] = await queryRows<{ provider_id: string }>(
      db,
      sql`SELECT provider_id FROM reviews GROUP BY provider_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const id = row!.provider_id;
    for (const window of [
      { limit: 50, offset: 0 },
      { limit: 20, offset: 40 },
    ]) {
      const reviewsPage = await plan(providerReviewsQuery(db, id, window));
      expect(indexes(reviewsPage)).toContain('reviews_provider_idx');
      expect(seqScans(reviewsPage, 'reviews')).toEqual([]);
      const servicesPage = await plan(providerServicesQuery(db, id, window));
      expect(indexes(servicesPage)).toContain('services_provider_idx');
      expect(seqScans(servicesPage, 'services')).toEqual([]);
    }
    const rating = await plan(providerRatingQuery(db, id));
    expect(indexes(rating)).toContain('reviews_provider_idx');
    expect(seqScans(rating, 'reviews')).toEqual([]);
    const areas = await plan(providerAreasQuery(db, id));
    expect(indexes(areas)).toContain('services_provider_idx');
    expect(seqScans(areas, 'services')).toEqual([]);
  });
});
