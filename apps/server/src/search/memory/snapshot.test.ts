import { mkdtemp, readdir, rm, truncate, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AREAS, LIST_SORT_KEYS } from '@meramot/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { loadSnapshot, saveSnapshot, snapshotPath } from './snapshot';
import { idOf, indexed, type TestService } from './test-documents';
import { planSearch } from '../plan';

/**
 * The snapshot of the in-memory index (no database here; sync.test.ts reads one back against a
 * database): an index written and read back answers every search, lookup and page as the index
 * written, and goes on taking changes alike.
 */

const WORDS = [
  'samsung',
  'lg',
  'tv',
  'panel',
  'fridge',
  'gas',
  'laptop',
  'screen',
  'chip-level',
  'ac',
  'মোবাইল',
  'ফোন',
  'repair',
  'servicing',
  "o'clock",
  'a\\b',
];
const PROVIDERS = ['Karim', 'Rahim', 'Selina', 'Abul', 'রহিম'];

/** The n-th made-up service: a few words of WORDS, an area, a provider, a price (all from n). */
function service(n: number, version = 0): TestService {
  const pick = (k: number) => WORDS[(n * 7 + k * 13 + version) % WORDS.length]!;
  return {
    id: idOf(n),
    name: `${pick(1)} ${pick(2)} ${n % 5 === 0 ? pick(3) : ''}`.trim(),
    area: AREAS[(n * 3 + version) % AREAS.length]!,
    provider: PROVIDERS[n % PROVIDERS.length]!,
    description: n % 4 === 0 ? `${pick(4)} ${pick(5)} and more` : undefined,
    price: 300 + ((n * 37 + version * 11) % 3000),
    updated: (n + version * 100_000) * 1_000_000,
  };
}

/** Everything an index answers that a snapshot must keep: pages of searches and lists, lookups, sizes. */
async function answers(index: SearchIndex) {
  const texts = ['repair', 'sams', 'tv panel', 'fridg', 'chip-le', 'মোবা', 'ফোন repair', 'scren', 'lap', 'gas ac'];
  const plans = [null, ...(await Promise.all(texts.map((t) => planSearch(index.lookup, t))))];
  const pages: unknown[] = [];
  for (const plan of plans) {
    for (const sort of LIST_SORT_KEYS) {
      for (const area of [undefined, 'Dhaka', 'Khulna']) {
        for (const [offset, limit] of [
          [0, 20],
          [40, 7],
        ] as const) {
          pages.push(index.page(plan, { area }, sort, offset, limit, { rankAll: 50, ranked: 80 }));
        }
      }
    }
  }
  const lookups = index.lookup([
    { kind: 'prefix', key: 's' },
    { kind: 'part', key: 'ree' },
    { kind: 'near', key: 'fridj' },
    { kind: 'word', words: ['tv', 'nothing', 'ফোন'] },
  ]);
  return { size: index.size, live: index.live, dead: index.dead, unordered: index.unordered, plans, pages, lookups };
}

let dir: string;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'meramot-snapshot-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the search index snapshot', () => {
  it('reads back an index that answers exactly as the one written, and goes on changing alike', async () => {
    const written = new SearchIndex();
    for (let n = 1; n <= 3000; n++) written.add(indexed(service(n)));
    // Changed services (new documents, the old ones dead) and gone ones, before and after the orders.
    for (let n = 1; n <= 3000; n += 9) written.apply(indexed(service(n, 1)));
    for (let n = 5; n <= 3000; n += 31) written.remove(idOf(n));
    written.finish();
    for (let n = 3001; n <= 3100; n++) written.add(indexed(service(n)));
    for (let n = 2; n <= 3000; n += 47) written.apply(indexed(service(n, 2)));
    expect(written.dead).toBeGreaterThan(0);
    expect(written.unordered).toBeGreaterThan(0);

    await saveSnapshot(dir, written, { database: 'db-1', readAt: 123 });
    const kept = await loadSnapshot(dir, 'db-1');
    expect(kept?.stamp).toMatchObject({ database: 'db-1', readAt: 123, live: written.live });
    const read = kept!.index;
    expect(await answers(read)).toEqual(await answers(written));

    // Both take the same changes: lists read back (views of one array) grow, new words come.
    for (const index of [written, read]) {
      for (let n = 3101; n <= 5000; n++) index.add(indexed(service(n)));
      for (let n = 3; n <= 5000; n += 13) index.apply(indexed(service(n, 3)));
      index.add(indexed({ id: idOf(9999), name: 'brand-new-word xylophone', area: 'Sylhet' }));
      for (let n = 7; n <= 5000; n += 101) index.remove(idOf(n));
    }
    expect(await answers(read)).toEqual(await answers(written));
    // And a rebuild of what they hold finishes alike.
    written.finish();
    read.finish();
    expect(await answers(read)).toEqual(await answers(written));
  });

  it('is used only for its own database, whole', async () => {
    const index = new SearchIndex();
    for (let n = 1; n <= 200; n++) index.add(indexed(service(n)));
    index.finish();
    expect(await loadSnapshot(dir, 'db-1')).toBeNull();
    await saveSnapshot(dir, index, { database: 'db-1', readAt: 1 });
    expect(await loadSnapshot(dir, 'db-2')).toBeNull();
    expect((await loadSnapshot(dir, 'db-1'))?.index.live).toBe(200);
    // Written to a temporary name and renamed: nothing else is left in the directory.
    expect(await readdir(dir)).toEqual([path.basename(snapshotPath(dir, 'db-1'))]);
    // A file cut short is no snapshot.
    const file = snapshotPath(dir, 'db-1');
    await truncate(file, Math.floor((await stat(file)).size / 2));
    expect(await loadSnapshot(dir, 'db-1').catch(() => null)).toBeNull();
  });

  it('keeps an empty index, and rows with and without photos, ratings and verified providers', async () => {
    const empty = new SearchIndex();
    empty.finish();
    await saveSnapshot(dir, empty, { database: 'empty', readAt: 0 });
    const emptyRead = (await loadSnapshot(dir, 'empty'))!.index;
    expect(await answers(emptyRead)).toEqual(await answers(empty));

    const index = new SearchIndex();
    const rows = [1, 2, 3].map((n) => {
      const s = indexed(service(n));
      s.row = { ...s.row, providerImage: n === 2 ? '/uploads/p.webp' : null, rating: n === 3 ? 4.5 : null };
      s.row = { ...s.row, reviewCount: n, bookings: n * 2, providerVerified: n === 1, status: 'active' };
      return s;
    });
    for (const s of rows) index.add(s);
    index.finish();
    await saveSnapshot(dir, index, { database: 'rows', readAt: 0 });
    const read = (await loadSnapshot(dir, 'rows'))!.index;
    expect(read.page(null, undefined, 'newest', 0, 10)).toEqual(index.page(null, undefined, 'newest', 0, 10));
    expect(read.page(null, undefined, 'newest', 0, 10)!.services.map((s) => s.providerImage)).toEqual([
      null,
      '/uploads/p.webp',
      null,
    ]);
  });
});
