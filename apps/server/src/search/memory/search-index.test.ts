import type { ListSortKey } from '@meramot/shared';
import { describe, expect, it } from 'vitest';
import { SearchIndex, type RankRules, type SearchIndexOptions } from './search-index';
import { idOf, indexed, planOf, type TestService } from './test-documents';
import { planSearch, type SearchPlan } from '../plan';

/** Created in the order of their numbers (service 8 is the newest). */
const CATALOGUE: TestService[] = [
  { id: idOf(1), name: 'Samsung TV repair', area: 'Dhaka', price: 500, provider: 'Karim' },
  { id: idOf(2), name: 'LG TV panel repair', area: 'Khulna', price: 800, provider: 'Rahim' },
  { id: idOf(3), name: 'Fridge gas refill', area: 'Dhaka', price: 1200, provider: 'Selina' },
  { id: idOf(4), name: 'Laptop screen replacement', area: 'Dhaka', price: 1500, provider: 'Abul' },
  { id: idOf(5), name: 'Washing machine repair', area: 'Sylhet', price: 700, provider: 'Rahim' },
  { id: idOf(6), name: 'Chip-level laptop repair', area: 'Dhaka', price: 2000, provider: 'Karim' },
  { id: idOf(7), name: 'Samsung fridge repair', area: 'Dhaka', price: 900, provider: 'Babul' },
  { id: idOf(8), name: 'Sony Bravia repair', area: 'Dhaka', price: 1000, provider: 'Rahim', description: 'tv' },
];

function indexOf(options?: SearchIndexOptions, services = CATALOGUE) {
  const index = new SearchIndex(options);
  for (const s of services) index.add(indexed(s));
  index.finish();
  return index;
}

/** A page as the services' numbers, with the total. */
function pageOf(
  index: SearchIndex,
  plan: SearchPlan | null,
  {
    area,
    sort = 'newest',
    offset = 0,
    limit = 20,
    rules,
  }: {
    area?: string;
    sort?: ListSortKey;
    offset?: number;
    limit?: number;
    rules?: RankRules;
  } = {},
) {
  const page = index.page(plan, { area }, sort, offset, limit, rules);
  return page && { ids: page.services.map((s) => Number(s._id.slice(-12))), total: page.total };
}

const repair = planOf([['repair']]);

describe('SearchIndex', () => {
  it('matches and counts a search, newest first', () => {
    const index = indexOf();
    expect([index.size, index.live, index.dead, index.unordered]).toEqual([8, 8, 0, 0]);
    expect(pageOf(index, repair)).toEqual({ ids: [8, 7, 6, 5, 2, 1], total: 6 });
    expect(pageOf(index, planOf([['samsung'], ['repair']]))).toEqual({ ids: [7, 1], total: 2 });
    expect(pageOf(index, planOf([['samsung'], ['tv', 'fridge']]))).toEqual({ ids: [7, 1], total: 2 });
    expect(pageOf(index, planOf([['nothing']]))).toEqual({ ids: [], total: 0 });
  });

  it('within an area, and every service of an area without a search', () => {
    const index = indexOf();
    expect(pageOf(index, repair, { area: 'Dhaka' })).toEqual({ ids: [8, 7, 6, 1], total: 4 });
    expect(pageOf(index, null, { area: 'Dhaka' })).toEqual({ ids: [8, 7, 6, 4, 3, 1], total: 6 });
    expect(pageOf(index, null)).toEqual({ ids: [8, 7, 6, 5, 4, 3, 2, 1], total: 8 });
    expect(pageOf(index, null, { area: 'Rangpur' })).toEqual({ ids: [], total: 0 });
    // Not an area at all: nothing (the database's answer), not undefined.
    expect(pageOf(index, repair, { area: 'Atlantis' })).toEqual({ ids: [], total: 0 });
  });

  it('pages: the total counts every match, the page is cut at offset and limit', () => {
    const index = indexOf();
    expect(pageOf(index, null, { offset: 2, limit: 2 })).toEqual({ ids: [6, 5], total: 8 });
    expect(pageOf(index, repair, { offset: 4, limit: 5 })).toEqual({ ids: [2, 1], total: 6 });
    expect(pageOf(index, repair, { offset: 6, limit: 5 })).toEqual({ ids: [], total: 6 });
  });

  it('sorts by every key, ties by id in the direction of the sort', () => {
    const index = indexOf();
    const sorted = (sort: ListSortKey) => pageOf(index, repair, { sort })!.ids;
    // Prices: 1: 500, 2: 800, 5: 700, 6: 2000, 7: 900, 8: 1000.
    expect(sorted('price-low')).toEqual([1, 5, 2, 7, 8, 6]);
    expect(sorted('price-high')).toEqual([6, 8, 7, 2, 5, 1]);
    expect(sorted('name')).toEqual([6, 2, 7, 1, 8, 5]);
    // Babul; Karim (1, 6); Rahim (2, 5, 8).
    expect(sorted('provider')).toEqual([7, 1, 6, 2, 5, 8]);
  });

  it('best match: the better ranked first, ties newest first; with many matches only the newest ranked', () => {
    const index = indexOf();
    const tv = planOf([['tv']]);
    // TV in the names of 1 and 2 (tied: the newer first), in 8's description only.
    expect(pageOf(index, tv, { sort: 'best' })).toEqual({ ids: [2, 1, 8], total: 3 });
    expect(pageOf(index, tv, { sort: 'newest' })).toEqual({ ids: [8, 2, 1], total: 3 });
    // Over one match, only the newest two are ranked: 1 is left out of the page.
    expect(pageOf(index, tv, { sort: 'best', rules: { rankAll: 1, ranked: 2 } })).toEqual({ ids: [2, 8], total: 3 });
    // Best match without a search: newest first.
    expect(pageOf(index, null, { sort: 'best', limit: 3 })).toEqual({ ids: [8, 7, 6], total: 8 });
  });

  it('matches phrases and hyphenated literals, and leaves other literals to the database', () => {
    const index = indexOf();
    expect(pageOf(index, planOf([[['washing', 'machine']]]))).toEqual({ ids: [5], total: 1 });
    expect(pageOf(index, planOf([], ['chip-le']))).toEqual({ ids: [6], total: 1 });
    expect(pageOf(index, planOf([['laptop']], ['chip-level']))).toEqual({ ids: [6], total: 1 });
    expect(index.page(planOf([], ['100%']), undefined, 'newest', 0, 20)).toBeUndefined();
  });

  it('plans from the words it holds', async () => {
    const index = indexOf();
    expect(index.lookup([{ kind: 'word', words: ['repair', 'nothing'] }])).toEqual([
      { kind: 'word', key: '', word: 'repair', services: 6 },
    ]);
    // "sam" being typed: its completion.
    const sam = await planSearch(index.lookup, 'sam');
    expect(sam.slots[0]!.alternatives.map((a) => a.words.join(' '))).toEqual(['samsung']);
    expect(pageOf(index, sam)).toEqual({ ids: [7, 1], total: 2 });
  });

  it('forgets a removed service, and a changed one under its old number; merges in those added since', () => {
    const index = indexOf();
    index.remove(idOf(7));
    index.remove(idOf(99));
    expect([index.size, index.live, index.dead]).toEqual([8, 7, 1]);
    expect(pageOf(index, repair)).toEqual({ ids: [8, 6, 5, 2, 1], total: 5 });
    expect(index.lookup([{ kind: 'word', words: ['samsung'] }])[0]!.services).toBe(1);
    // Renamed (another updated_at): added again, its old document dead.
    const renamed = indexed({ ...CATALOGUE[0]!, name: 'Samsung TV panel', updated: 5, changed: 5 });
    index.apply(renamed);
    expect([index.size, index.live, index.dead, index.unordered]).toEqual([9, 7, 2, 1]);
    expect(pageOf(index, repair)).toEqual({ ids: [8, 6, 5, 2], total: 4 });
    expect(pageOf(index, planOf([['panel']]), { sort: 'price-low' })).toEqual({ ids: [1, 2], total: 2 });
    // Only its row changed (a booking): the row replaced, the document kept.
    expect(index.holds(renamed.id, 5)).toBe(true);
    const booked = { ...renamed, changed: 6, row: { ...renamed.row, bookings: 1 } };
    index.apply(booked);
    expect([index.size, index.dead]).toEqual([9, 2]);
    expect(index.holds(renamed.id, 6)).toBe(true);
    expect(index.page(planOf([['panel']]), undefined, 'newest', 0, 5)!.services).toContainEqual(booked.row);
    // Read again unchanged: nothing.
    index.apply(booked);
    expect([index.size, index.dead]).toEqual([9, 2]);
    // Outside every area: not held.
    index.add(indexed({ id: idOf(20), name: 'tv', area: 'Atlantis' }));
    expect([index.size, index.live]).toEqual([9, 7]);
    // A new service, the newest: merged into every sort until the next build.
    index.add(indexed({ id: idOf(30), name: 'Zzz repair', price: 100, provider: 'Aaron' }));
    expect(index.unordered).toBe(2);
    const sorted = (sort: ListSortKey) => pageOf(index, repair, { sort })!.ids;
    expect(sorted('newest')).toEqual([30, 8, 6, 5, 2]);
    expect(sorted('price-low')).toEqual([30, 5, 2, 8, 6]);
    expect(sorted('name')).toEqual([6, 2, 8, 5, 30]);
    expect(sorted('provider')).toEqual([30, 6, 2, 5, 8]);
  });

  it('answers alike whatever its options, which it can change once built', () => {
    const plans = [repair, planOf([['tv']]), planOf([['samsung', 'sony', 'lg'], ['repair']]), null];
    const answers = (index: SearchIndex) =>
      plans.flatMap((plan) =>
        (['best', 'newest', 'name'] as const).flatMap((sort) => [
          pageOf(index, plan, { sort }),
          pageOf(index, plan, { sort, area: 'Dhaka' }),
        ]),
      );
    const shipped = indexOf();
    expect(shipped.options).toEqual({ fewShare: 1 / 64, rankWay: 'cheaper' });
    const other = indexOf({ fewShare: 1, rankWay: 'docs' });
    expect(other.options).toEqual({ fewShare: 1, rankWay: 'docs' });
    expect(answers(other)).toEqual(answers(shipped));
    expect(other.rankedBy).toEqual({ lists: 0, docs: 6 });
    other.configure({ rankWay: 'lists' });
    expect(other.options).toEqual({ fewShare: 1, rankWay: 'lists' });
    expect(answers(other)).toEqual(answers(shipped));
    expect(other.rankedBy).toEqual({ lists: 6, docs: 6 });
    other.configure({ fewShare: 0 });
    expect(other.options).toEqual({ fewShare: 0, rankWay: 'lists' });
    expect(answers(other)).toEqual(answers(shipped));
  });

  it('grows past its first room, answering as before', () => {
    const many: TestService[] = Array.from({ length: 2500 }, (_, i) => ({
      id: idOf(100 + i),
      name: i % 10 === 0 ? 'tv repair' : 'radio',
      area: i % 2 ? 'Dhaka' : 'Khulna',
      price: 100 + (i % 7),
    }));
    const index = indexOf(undefined, [...CATALOGUE, ...many]);
    expect(pageOf(index, planOf([['tv'], ['repair']]), { area: 'Khulna', limit: 2 })).toEqual({
      ids: [2590, 2580],
      total: 251,
    });
    expect(pageOf(index, planOf([['tv'], ['repair']]), { sort: 'best', limit: 1 })).toEqual({
      ids: [2590],
      total: 253,
    });
  });
});
