/**
 * The query plans the list, search, service page and bookings rely on, checked with EXPLAIN on a
 * generated marketplace (db/bulk-seed.ts) big enough for the planner to prefer indexes the way it
 * does at 100,000 and 1,000,000 services: each sort walks its own index and stops at the page, a
 * rare word goes through the trigram index, nothing reads the whole services table.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@meramot/shared';
import { seedBulk } from '../src/db/bulk-seed';
import { queryRows, type Db } from '../src/db/client';
import { personBookingsQuery } from '../src/routes/bookings/bookings.service';
import { cappedCountQuery, listPageQuery, searchQuery } from '../src/routes/services/services.service';
import { createTestApp, type TestApp } from './helpers';

const SERVICES = 20_000;
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

async function plan(query: { getSQL(): SQL }): Promise<PlanNode[]> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) ${query.getSQL()}`);
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

  it('a search for a common word walks the sort index and stops at the page', async () => {
    expectIndexOrdered(await plan(listPageQuery(db, { search: 'repair', page: 1, limit: 20 })), SORT_INDEX.newest);
  });

  it('a search within an area reads through an index, never the whole table', async () => {
    // Walking the price index or taking the area's rows and sorting them: which is cheaper depends
    // on the catalogue's size, both are bounded.
    const nodes = await plan(listPageQuery(db, { search: 'samsung', area: 'Dhaka', sort: 'price-low', page: 1, limit: 20 }));
    expect(seqScans(nodes, 'services')).toEqual([]);
    expect(indexes(nodes).some((i) => i!.startsWith('services_'))).toBe(true);
  });

  it('a search for a rare word reads through an index, never the whole table', async () => {
    // The trigram index once the catalogue is large (at 1,000,000 services it is always chosen); on
    // a small one, walking the newest-first index can be cheaper.
    for (const query of [
      listPageQuery(db, { search: 'rumana talukder', page: 1, limit: 20 }),
      searchQuery(db, 'rumana talukder', 8),
    ]) {
      const nodes = await plan(query);
      expect(seqScans(nodes, 'services')).toEqual([]);
      expect(indexes(nodes).some((i) => i === 'services_search_trgm_idx' || i === SORT_INDEX.newest)).toBe(true);
    }
  });

  it('the header search for a common word walks the newest-first index', async () => {
    expectIndexOrdered(await plan(searchQuery(db, 'walton', 8)), SORT_INDEX.newest);
  });

  it('the count of a search stops at the window: a common word stops early, a rare one uses the trigram index', async () => {
    const common = await plan(cappedCountQuery(db, { search: 'repair', page: 1, limit: 20 }));
    expect(common.map((n) => n['Node Type'])).toContain('Limit');
    const rare = await plan(cappedCountQuery(db, { search: 'rumana talukder', page: 1, limit: 20 }));
    expect(indexes(rare)).toContain('services_search_trgm_idx');
    expect(seqScans(rare, 'services')).toEqual([]);
  });

  it("a person's bookings use an index of their role", async () => {
    const [row] = await queryRows<{ customer_id: string; provider_id: string }>(
      db,
      sql`SELECT customer_id, provider_id FROM bookings LIMIT 1`,
    );
    // bookings_customer_idx, or the idempotency index that also starts with customer_id.
    const customer = await plan(personBookingsQuery(db, 'customer', row!.customer_id));
    expect(indexes(customer).some((i) => i === 'bookings_customer_idx' || i === 'bookings_idempotency_unique')).toBe(true);
    expect(seqScans(customer, 'bookings')).toEqual([]);
    const provider = await plan(personBookingsQuery(db, 'provider', row!.provider_id));
    expect(indexes(provider)).toContain('bookings_provider_idx');
    expect(seqScans(provider, 'bookings')).toEqual([]);
  });
});
