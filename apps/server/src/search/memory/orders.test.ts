import { afterEach, describe, expect, it, vi } from 'vitest';
import { Matches, setBit } from './bits';
import { CatalogueWords } from './catalogue-words';
import { Documents, type IndexedService } from './documents';
import { Orders, type SortOrder } from './orders';
import { idOf, indexed } from './test-documents';
import { BEST_TIES, SORTS } from '../definitions';

afterEach(() => vi.restoreAllMocks());

/**
 * Services with many ties: five prices, three creation times, names and providers that repeat
 * (some differing only in case, as lower() keys make them equal), ids not in the order they come.
 */
function services(from: number, n: number): IndexedService[] {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    const number = (k * 7919) % 100_003;
    return indexed({
      id: idOf(number),
      name: ['Zeta repair', 'alpha fix', 'Alpha Fix', 'beta', 'Ábaco'][k % 5]!,
      provider: ['Rahim', 'karim', 'Selina'][k % 3]!,
      price: [500, 100, 900, 100, 2500][(k * 3) % 5]!,
      created: [3e15, 1e15, 2e15][(k * 11) % 3]!,
    });
  });
}

function store(list: IndexedService[]) {
  const docs = new Documents(new CatalogueWords());
  const orders = new Orders(docs);
  const add = (more: IndexedService[]) => {
    for (const s of more) {
      if (docs.size === docs.capacity) docs.grow();
      docs.add(s, 0);
    }
  };
  add(list);
  return { docs, orders, add };
}

/** A sort as SQL orders it: ORDER BY key [DESC], id [DESC] (keys as the database lower-cases them). */
function sqlOrder(docs: Documents, { field, descending }: SortOrder): number[] {
  const key = (d: number): number | string =>
    field === 'created'
      ? docs.created[d]!
      : field === 'price'
        ? docs.price[d]!
        : field === 'name'
          ? docs.nameKey(d)
          : docs.providerKey[d]!;
  const ascending = (a: number, b: number) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return x < y ? -1 : 1;
    return docs.idOf(a) < docs.idOf(b) ? -1 : 1;
  };
  return Array.from({ length: docs.size }, (_, d) => d).sort((a, b) =>
    descending ? ascending(b, a) : ascending(a, b),
  );
}

const allOf = (docs: Documents) => Matches.ofBits(docs.size, docs.aliveBits, docs.size);
const some = (docs: Documents, keep: (d: number) => boolean) => {
  const bits = new Uint32Array(docs.capacity / 32);
  let count = 0;
  for (let d = 0; d < docs.size; d++) {
    if (!keep(d)) continue;
    setBit(bits, d);
    count++;
  }
  return Matches.ofBits(count, bits, docs.size);
};

describe('Orders', () => {
  it('the sort table it keeps: one order per key, each sort of SORTS walking one of them', () => {
    expect(Object.keys(SORTS).sort()).toEqual(['name', 'newest', 'price-high', 'price-low', 'provider']);
    expect(SORTS.newest).toEqual({ field: 'created', descending: true });
    expect(SORTS['price-high']).toEqual({ field: 'price', descending: true });
    expect(BEST_TIES).toBe(SORTS.newest);
  });

  for (const [name, sort] of Object.entries(SORTS)) {
    it(`${name}: every match in SQL's order, ties by id in the sort's direction, walked or listed`, () => {
      const { docs, orders } = store(services(0, 600));
      orders.make();
      const want = sqlOrder(docs, sort);
      // Dense matches: the order walked.
      expect(orders.firstInOrder(sort, allOf(docs), 600)).toEqual(want);
      expect(orders.firstInOrder(sort, allOf(docs), 25)).toEqual(want.slice(0, 25));
      // Sparse matches: listed and their first kept.
      const sparse = some(docs, (d) => d % 97 === 3);
      expect(orders.firstInOrder(sort, sparse, 4)).toEqual(want.filter((d) => d % 97 === 3).slice(0, 4));
      // The comparator agrees with the order, its ties included.
      const compare = orders.comparator(sort);
      expect(Array.from({ length: docs.size }, (_, d) => d).sort(compare)).toEqual(want);
    });

    it(`${name}: documents added after the orders were made are merged in by their keys`, () => {
      const { docs, orders, add } = store(services(0, 300));
      orders.make();
      add(services(300, 80));
      expect(orders.ordered).toBe(300);
      const want = sqlOrder(docs, sort);
      expect(orders.firstInOrder(sort, allOf(docs), 380)).toEqual(want);
      expect(orders.firstInOrder(sort, allOf(docs), 30)).toEqual(want.slice(0, 30));
      const late = some(docs, (d) => d >= 290);
      expect(orders.firstInOrder(sort, late, 50)).toEqual(want.filter((d) => d >= 290).slice(0, 50));
      expect(Array.from({ length: docs.size }, (_, d) => d).sort(orders.comparator(sort))).toEqual(want);
    });
  }

  it('keeps newest as the walk of created backwards: the later, then the greater id first', () => {
    const { docs, orders } = store([
      indexed({ id: idOf(2), name: 'a', created: 10 }),
      indexed({ id: idOf(9), name: 'b', created: 10 }),
      indexed({ id: idOf(5), name: 'c', created: 30 }),
      indexed({ id: idOf(1), name: 'd', created: 20 }),
    ]);
    orders.make();
    expect(orders.firstInOrder(SORTS.newest, allOf(docs), 4).map((d) => docs.idOf(d))).toEqual([5, 1, 9, 2].map(idOf));
    expect(orders.firstInOrder(SORTS['price-low'], allOf(docs), 4).map((d) => docs.idOf(d))).toEqual(
      [1, 2, 5, 9].map(idOf),
    );
    expect(orders.firstInOrder(SORTS['price-high'], allOf(docs), 4).map((d) => docs.idOf(d))).toEqual(
      [9, 5, 2, 1].map(idOf),
    );
  });

  it('walks the order when the matches are dense, and lists them when few or gathered at its far end', () => {
    const { docs, orders } = store(services(0, 1000));
    orders.make();
    const sort = SORTS.newest;
    const want = sqlOrder(docs, sort);
    // Dense: found by the walk, the matches never listed.
    const dense = allOf(docs);
    const listed = vi.spyOn(dense, 'list');
    expect(orders.firstInOrder(sort, dense, 10)).toEqual(want.slice(0, 10));
    expect(listed).not.toHaveBeenCalled();
    // 30 matches, all among the oldest: 8 · 30² > 2 · 1000 makes the walk worth trying, but it
    // gives up after 240 documents and lists them.
    const oldest = new Set(want.slice(-30));
    const gathered = some(docs, (d) => oldest.has(d));
    const listedToo = vi.spyOn(gathered, 'list');
    expect(orders.firstInOrder(sort, gathered, 2)).toEqual(want.slice(-30, -28));
    expect(listedToo).toHaveBeenCalled();
  });

  it('lists the matches before the orders are made', () => {
    const { docs, orders } = store(services(0, 100));
    expect(orders.firstInOrder(SORTS.name, allOf(docs), 100)).toEqual(sqlOrder(docs, SORTS.name));
  });
});
