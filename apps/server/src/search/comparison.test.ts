import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, LIST_SORT_KEYS, type ServiceListParams } from '@meramot/shared';
import { queryRows, type Database } from '../db/client';
import { loadConfig } from '../env';
import { createAggregateCache } from '../lib/aggregate-cache';
import { seedBulk } from '../seed/bulk-seed';
import { seedDemo } from '../seed/demo';
import {
  completedBooking,
  createService,
  createTestApp,
  freshDatabase,
  newUser,
  reviewPayload,
  servicePayload,
  type TestApp,
} from '../../test/helpers';
import { listServices, placeCounts, searchServices } from './list';
import { firstK } from './memory/first-k';
import { parseVector, wordRank, type SearchIndex, type SearchIndexOptions } from './memory/search-index';
import { buildSearchIndex } from './memory/reading';
import { databaseWords } from './database/words';
import type { Lookup } from './definitions';
import { planSearch } from './plan';
import { isBangla, stemPrefix, wordStem } from './word-forms';

describe('reading a tsvector', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await freshDatabase()));
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("reads PostgreSQL's text of a tsvector: every lexeme (quotes, backslashes, hyphens, Bangla), its positions and weights", async () => {
    const text = `setweight(to_tsvector('simple', 'Laptop laptop'), 'A') || to_tsvector('simple', $$o'clock a\\b chip-level মোবাইল ফোন$$)`;
    const [row] = await queryRows<{ v: string; lexemes: string[] }>(
      database.db,
      sql.raw(
        `SELECT v::text AS v, (SELECT array_agg(lexeme ORDER BY lexeme) FROM unnest(v)) AS lexemes FROM (SELECT ${text} AS v) x`,
      ),
    );
    const parsed = parseVector(row!.v);
    expect([...parsed.keys()].sort()).toEqual([...row!.lexemes].sort());
    expect(parsed.get('laptop')).toEqual({ positions: [1, 2], weights: [1, 1] });
    expect([...parsed.keys()]).toEqual(expect.arrayContaining(['chip-level', 'chip', 'level', 'মোবাইল']));
  });

  it('gives each word the share of ts_rank that PostgreSQL computes (weights {0.1, 0.2, 0.4, 1.0})', async () => {
    const cases = [
      {
        text: `setweight(to_tsvector('simple', 'tv repair'), 'A') || to_tsvector('simple', 'tv tv panel tv')`,
        words: ['tv'],
      },
      {
        text: `setweight(to_tsvector('simple', 'dhaka'), 'B') || setweight(to_tsvector('simple', 'rahim tv'), 'C')`,
        words: ['tv', 'dhaka'],
      },
      {
        text: `to_tsvector('simple', 'fridge gas fridge compressor fridge fridge')`,
        words: ['fridge', 'gas', 'nothing'],
      },
    ];
    for (const { text, words } of cases) {
      const query = words.join(' | ');
      const [row] = await queryRows<{ v: string; rank: number }>(
        database.db,
        sql.raw(
          `SELECT v::text AS v, ts_rank('{0.1, 0.2, 0.4, 1.0}', v, '${query}'::tsquery) AS rank FROM (SELECT ${text} AS v) x`,
        ),
      );
      const entries = parseVector(row!.v);
      const mine =
        words.reduce((sum, w) => sum + (entries.has(w) ? wordRank(entries.get(w)!.weights) : 0), 0) / words.length;
      expect(mine).toBeCloseTo(Number(row!.rank), 5);
    }
  });
});

describe('firstK', () => {
  it('answers the first k in order, like sorting them all', () => {
    const items = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5003);
    const compare = (a: number, b: number) => (a % 97) - (b % 97) || a - b;
    for (const k of [0, 1, 20, 60, 1000, 6000])
      expect(firstK(items, k, compare)).toEqual(items.slice().sort(compare).slice(0, k));
  });
});

/**
 * A fresh database filled by `seed`, with its index built, for the describe block it is called in
 * (opened before its tests, dropped after); `cache` keeps nothing, so both paths read afresh.
 */
function indexedCatalogue(seed: (db: Database['db']) => Promise<unknown>, timeoutMs: number) {
  const c = {
    database: undefined as unknown as Database,
    index: undefined as unknown as SearchIndex,
    cache: createAggregateCache(0),
  };
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database: c.database, drop } = await freshDatabase());
    await seed(c.database.db);
    ({ index: c.index } = await buildSearchIndex(c.database.db));
  }, timeoutMs);
  afterAll(async () => {
    await c.database.close();
    await drop();
  });
  return c;
}

/**
 * Searches made of the catalogue's own words as customers type them: whole, as prefixes of one to
 * four letters, parts of them, a letter dropped, doubled or swapped, and two of them together.
 */
async function typedSearches(db: Database['db'], every: number): Promise<string[]> {
  const words = (await queryRows<{ word: string }>(db, sql`SELECT word FROM search_words ORDER BY word`))
    .map((r) => r.word)
    .filter((w, i) => i % every === 0);
  const texts = new Set<string>();
  words.forEach((word, i) => {
    const chars = [...word];
    for (let n = 1; n <= 4 && n < chars.length; n++) texts.add(chars.slice(0, n).join(''));
    texts.add(word);
    if (chars.length >= 4) {
      texts.add(chars.slice(1).join(''));
      texts.add([...chars.slice(0, 2), ...chars.slice(3)].join(''));
      texts.add([chars[0], chars[2], chars[1], ...chars.slice(3)].join(''));
      texts.add([...chars.slice(0, 2), chars[1], ...chars.slice(2)].join(''));
    }
    texts.add(`${word} ${words[(i * 7 + 3) % words.length]!.slice(0, 3)}`);
    // Other forms of it (issue 25): a Bangla ending, an English one.
    if (isBangla(word)) texts.add(`${word}ের`).add(`${word}টা ${words[(i * 3 + 1) % words.length]}`);
    else texts.add(`${word}s`).add(`${words[(i * 5 + 2) % words.length]} ${word}ing`);
  });
  return [...texts];
}

/** Every search planned from the index's words and from search_words alike, and each lookup answered alike. */
async function expectSamePlans(db: Database['db'], index: SearchIndex, texts: string[]) {
  for (const text of texts) {
    expect({ text, plan: await planSearch(index.lookup, text) }).toEqual({ text, plan: await planSearch(db, text) });
    const word = text.split(' ')[0]!;
    const stem = wordStem(word);
    const lookups: Lookup[] = [
      { kind: 'prefix', key: word },
      { kind: 'form', key: stem, prefix: stemPrefix(stem) },
      { kind: 'near', key: word },
      ...([...word].length >= 3 ? [{ kind: 'part' as const, key: word }] : []),
    ];
    for (const lookup of lookups) {
      expect({ lookup, rows: index.lookup([lookup]) }).toEqual({ lookup, rows: await databaseWords(db)([lookup]) });
    }
  }
}

describe('the index answers as the database does (demo catalogue)', () => {
  const c = indexedCatalogue((db) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      FIREBASE_PROJECT_ID: 'demo-meramot',
    });
    return seedDemo(db, config, { info: () => {}, warn: () => {} });
  }, 120_000);

  const SEARCHES = [
    'laptop',
    'laptop dhaka',
    'tv repair khulna',
    'fridge',
    'মোবাইল',
    'এসি',
    'labtop',
    'la',
    'sa',
    're',
    'ac servicing',
    'washing machine',
    'air conditioner',
    'chip-level',
    'chip-le',
    'chip-',
    '-',
    'samsung tv',
    'zzzz',
    'repair',
    'iph',
    'ফ্রি',
    // Word forms (issue 25): Bangla endings and English stems, both ways.
    'মোবাইলের স্ক্রিন',
    'ফ্রিজের',
    'টিভিটা',
    'ওয়াশিং মেশিনের',
    'দোকান',
    'wall mount tv',
    'mounted tv',
    'fixes',
    'batteries phone',
  ];

  it('matches, counts and orders every search alike, in every sort, area and page', async () => {
    expect(c.index.live).toBeGreaterThan(40);
    let compared = 0;
    for (const search of SEARCHES) {
      for (const sort of [undefined, ...LIST_SORT_KEYS]) {
        for (const area of [undefined, 'Dhaka', 'Khulna']) {
          for (const page of [1, 2]) {
            const q = { search, sort, area, page, limit: 5 } as ServiceListParams;
            const [fromIndex, fromDatabase] = [
              await listServices(c.database.db, c.cache, q, c.index),
              await listServices(c.database.db, c.cache, q),
            ];
            // The whole answer: the services as the index holds their rows, the count, the plan.
            expect({ q, ...fromIndex }).toEqual({ q, ...fromDatabase });
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(SEARCHES.length * 7 * 3 * 2);
  }, 120_000);

  it('plans every search from the words it holds as search_words does (completions, parts, nearest words, corrections; Bangla too)', async () => {
    const texts = [...SEARCHES, ...(await typedSearches(c.database.db, 2))];
    expect(texts.length).toBeGreaterThan(200);
    await expectSamePlans(c.database.db, c.index, texts);
  }, 300_000);

  it('answers every area list and the header search alike', async () => {
    for (const area of AREAS) {
      for (const sort of [undefined, 'name', 'price-high', 'provider'] as const) {
        const q = { area, sort, page: 1, limit: 10 } as ServiceListParams;
        const [a, b] = [
          await listServices(c.database.db, c.cache, q, c.index),
          await listServices(c.database.db, c.cache, q),
        ];
        expect([a.total, a.services]).toEqual([b.total, b.services]);
      }
    }
    for (const text of SEARCHES) {
      const [a, b] = [
        await searchServices(c.database.db, c.cache, text, 8, c.index),
        await searchServices(c.database.db, c.cache, text, 8),
      ];
      expect({ text, services: a }).toEqual({ text, services: b });
    }
  });
  it('ranks alike through the posting lists and through the words each candidate holds', async () => {
    await expectSameRanks(c, [...SEARCHES, ...(await typedSearches(c.database.db, 4))]);
  }, 300_000);
});

/**
 * Best match adds up the same scores whichever way it takes (the index's option `rankWay`): every search
 * answers alike, as the header search and as a list's second page; on a large catalogue (`bothTaken`)
 * each way is the cheaper one for some of them.
 */
async function expectSameRanks(c: ReturnType<typeof indexedCatalogue>, texts: string[], bothTaken = false) {
  const answers = async (rankWay: SearchIndexOptions['rankWay']) => {
    c.index.configure({ rankWay });
    const all = [];
    for (const text of texts) {
      all.push({ text, header: await searchServices(c.database.db, c.cache, text, 8, c.index) });
      const q = { search: text, page: 2, limit: 20 } as ServiceListParams;
      all.push({ text, page: (await listServices(c.database.db, c.cache, q, c.index)).services.map((s) => s._id) });
    }
    return all;
  };
  try {
    const chosen = { ...c.index.rankedBy };
    await answers('cheaper');
    expect(c.index.rankedBy.lists).toBeGreaterThan(chosen.lists);
    if (bothTaken) expect(c.index.rankedBy.docs).toBeGreaterThan(chosen.docs);
    expect(await answers('docs')).toEqual(await answers('lists'));
  } finally {
    c.index.configure({ rankWay: 'cheaper' });
  }
}

describe('the index on a generated catalogue (bit sets of common words, walks of the sort orders)', () => {
  const c = indexedCatalogue((db) => seedBulk(db, 2500, () => {}), 300_000);

  it('finds, counts (up to the window) and orders the same services as the database in every sort but best match', async () => {
    expect(c.index.live).toBeGreaterThan(2000);
    // Common words, prefixes (many completions), two words, a hyphenated literal, rare words.
    const searches = [
      undefined,
      'repair',
      're',
      'sa',
      'laptop dhaka',
      'mobile screen',
      'tv',
      'fridge',
      't-con',
      // A hyphenated word being typed: "t" until its next letter.
      't-',
      'walton t-',
      'walton',
      'zzzz',
      // A rare word and a word being typed (the union of many completions checks the few candidates).
      'walton s',
      'oppo r',
    ];
    let walked = 0;
    for (const search of searches) {
      for (const sort of ['newest', 'name', 'price-low', 'price-high', 'provider'] as const) {
        for (const area of [undefined, 'Dhaka']) {
          for (const page of [1, 3]) {
            const q = { search, sort, area, page, limit: 20 } as ServiceListParams;
            const [a, b] = [
              await listServices(c.database.db, c.cache, q, c.index),
              await listServices(c.database.db, c.cache, q),
            ];
            expect({ q, ...a }).toEqual({ q, ...b });
            if (a.total * a.total > page * 20 * c.index.size) walked++;
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(20);
  }, 120_000);

  it('filters by district and area, and reads place words, as the database does (issue 24)', async () => {
    const counts = await placeCounts(c.database.db, c.cache);
    // The generated catalogue is spread as people are: Dhaka district and its city areas dense.
    const count = (id: string) => [...counts.districts, ...counts.areas].find((p) => p.id === id)?.count ?? 0;
    expect(count('dhaka')).toBeGreaterThan(count('gazipur'));
    expect(count('dhaka/mirpur')).toBeGreaterThan(0);
    expect(await placeCounts(c.database.db, c.cache, c.index)).toEqual(counts);
    const filters = [
      { district: 'dhaka' },
      { place: 'dhaka/mirpur' },
      { area: 'Chittagong', district: 'chattogram' },
      { district: 'bandarban' },
    ];
    const searches = [
      undefined,
      'repair',
      'laptop',
      'tv mirpur',
      'মিরপুর ল্যাপটপ',
      'ac repair savar',
      'chittagong fridge',
    ];
    let compared = 0;
    for (const filter of [{}, ...filters]) {
      for (const search of searches) {
        for (const sort of [undefined, 'newest', 'price-low', 'best'] as const) {
          const q = { ...filter, search, sort, page: 1, limit: 10 } as ServiceListParams;
          const [a, b] = [
            await listServices(c.database.db, c.cache, q, c.index),
            await listServices(c.database.db, c.cache, q),
          ];
          expect({ q, ...a }).toEqual({ q, ...b });
          compared++;
        }
      }
    }
    expect(compared).toBe(5 * 7 * 4);
    // The header search reads places alike too.
    for (const text of ['mirpur', 'মিরপুর', 'laptop dhaka', 'tv gazipur']) {
      const [a, b] = [
        await searchServices(c.database.db, c.cache, text, 8, c.index),
        await searchServices(c.database.db, c.cache, text, 8),
      ];
      expect({ text, services: a }).toEqual({ text, services: b });
      expect(a.length, text).toBeGreaterThan(0);
    }
  }, 120_000);

  it('plans every search from the words it holds as search_words does', async () => {
    const texts = await typedSearches(c.database.db, 5);
    expect(texts.length).toBeGreaterThan(200);
    await expectSamePlans(c.database.db, c.index, texts);
  }, 300_000);

  it('ranks every match for best match when they are few, as the database does', async () => {
    for (const search of ['walton', 'macbook battery', 'zindabazar', 'chip-level', 'দোকান', 'walton s', 'oppo r']) {
      const q = { search, page: 1, limit: 20 } as ServiceListParams;
      const [a, b] = [
        await listServices(c.database.db, c.cache, q, c.index),
        await listServices(c.database.db, c.cache, q),
      ];
      expect({ search, ids: a.services.map((s) => s._id) }).toEqual({ search, ids: b.services.map((s) => s._id) });
    }
  });

  it('finds and counts the same services as the database for hundreds of typed searches, within an area too', async () => {
    // Rare and common words, prefixes, pairs: the rarest slot's documents narrowed by a merge, a
    // binary search, a bit set or a kept union; or bit sets throughout.
    const texts = await typedSearches(c.database.db, 5);
    expect(texts.length).toBeGreaterThan(200);
    // As shipped, and with every search's matches narrowed one by one (at 2,500 services few are).
    const shipped = c.index.options.fewShare;
    const searches = [...texts.map((text) => ({ text, few: shipped })), ...texts.map((text) => ({ text, few: 1 }))];
    try {
      for (const [i, { text: search, few }] of searches.entries()) {
        c.index.configure({ fewShare: few });
        const q = {
          search,
          sort: 'newest',
          area: i % 3 === 0 ? 'Dhaka' : undefined,
          page: 1,
          limit: 20,
        } as ServiceListParams;
        const [a, b] = [
          await listServices(c.database.db, c.cache, q, c.index),
          await listServices(c.database.db, c.cache, q),
        ];
        expect({ q, total: a.total, ids: a.services.map((s) => s._id) }).toEqual({
          q,
          total: b.total,
          ids: b.services.map((s) => s._id),
        });
      }
    } finally {
      c.index.configure({ fewShare: shipped });
    }
  }, 300_000);

  it('ranks alike through the posting lists and through the words each candidate holds', async () => {
    // A rare word with a one-letter prefix of many long completions is ranked through the words
    // each candidate holds (oppo s, habib s: half the cost of the lists on either database). Typed
    // searches of a place's name and a prefix no longer are: the place is read as a filter.
    await expectSameRanks(
      c,
      [...(await typedSearches(c.database.db, 5)), 'walton s', 'oppo r', 're', 'sa', 'oppo s', 'oppo c', 'habib s'],
      true,
    );
  }, 300_000);

  // Last in this block: it adds a document to the index the tests above compare with the database.
  it('keeps a union of completions it reuses current as documents are added and removed', async () => {
    const plan = await planSearch(c.index.lookup, 're');
    const completions = plan.slots[0]!.alternatives;
    expect(completions.length).toBeGreaterThan(5);
    const page = () => c.index.page(plan, undefined, 'newest', 0, 5)!;
    const before = page();
    // Dense enough for bit sets (the union of the completions is kept for the next search).
    expect(before.total).toBeGreaterThan(c.index.size / 16);
    expect(page()).toEqual(before);
    const [row] = (await listServices(c.database.db, c.cache, { page: 1, limit: 1 } as ServiceListParams)).services;
    const added = {
      id: '00000000-0000-4000-8000-000000000001',
      created: Date.now() * 1000 + 1e9,
      price: 500,
      area: 'Dhaka',
      nameKey: 'new',
      providerKey: 'new',
      vector: `'${completions.at(-1)!.words[0]}':1A`,
      updated: 1,
      changed: 1,
      row: { ...row!, _id: '00000000-0000-4000-8000-000000000001' },
    };
    c.index.add(added);
    const after = page();
    expect(after.total).toBe(before.total + 1);
    expect(after.services[0]!._id).toBe(added.id);
    c.index.remove(added.id);
    expect(page()).toEqual(before);
  });
});

describe('the index kept current', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: 'on', SEARCH_INDEX_REFRESH_SECONDS: '0.2' });
  });
  afterAll(() => t?.close());
  const names = async (text: string) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/services?search=${encodeURIComponent(text)}` })).json() as {
        services: { serviceName: string }[];
      }
    ).services.map((s) => s.serviceName);

  it("finds a service right after its provider's write: listed, renamed, paused, resumed, deleted", async () => {
    const provider = await newUser(t.app, { displayName: 'Karim' });
    const created = await createService(t.app, provider, {
      serviceName: 'Quasar projector repair',
      serviceArea: 'Sylhet',
    });
    const id = created._id as string;
    expect(await names('quasar')).toEqual(['Quasar projector repair']);
    const auth = { authorization: `Bearer ${provider.token}` };
    const renamed = servicePayload({ serviceName: 'Nebula projector repair', serviceArea: 'Sylhet' });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth, payload: renamed })).statusCode,
    ).toBe(200);
    expect(await names('quasar')).toEqual([]);
    expect(await names('nebula')).toEqual(['Nebula projector repair']);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth, payload: { status: 'paused' } }))
        .statusCode,
    ).toBe(200);
    expect(await names('nebula')).toEqual([]);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth, payload: { status: 'active' } }))
        .statusCode,
    ).toBe(200);
    expect(await names('nebula')).toEqual(['Nebula projector repair']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/services/${id}`, headers: auth })).statusCode,
    ).toBeLessThan(300);
    expect(await names('nebula')).toEqual([]);
  });

  it("shows a service as it is right after a booking, a review, its provider verifying their e-mail, or their profile's change", async () => {
    const provider = await newUser(t.app, { displayName: 'Selina' });
    const customer = await newUser(t.app, { displayName: 'Tareq' });
    const id = (await createService(t.app, provider, { serviceName: 'Orrery clock repair' }))._id as string;
    const listed = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/services?search=orrery' });
      expect(res.headers['x-search-index']).toBe('on');
      const [service] = (res.json() as { services: Record<string, unknown>[] }).services;
      const page = (await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).json() as Record<
        string,
        unknown
      >;
      // The list shows what the service's own page shows (read from the database), but for how
      // it is booked, the provider's id (their page) and the photos (their cover is the
      // serviceImage), which only the page answers.
      const { bookingTerms, providerId, photos, ...listedPart } = page;
      expect(bookingTerms).toBeDefined();
      expect(providerId).toBe(provider.id);
      expect(photos).toEqual([]);
      expect(service).toEqual(listedPart);
      return service!;
    };
    expect(await listed()).toMatchObject({ bookings: 0, reviewCount: 0, rating: null, providerVerified: false });
    const booking = await completedBooking(t.app, provider, customer, id);
    expect(await listed()).toMatchObject({ bookings: 1, reviewCount: 0 });
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.auth,
      payload: reviewPayload(booking._id, { rating: 4 }),
    });
    expect(review.statusCode).toBe(201);
    expect(await listed()).toMatchObject({ bookings: 1, reviewCount: 1, rating: 4 });
    // A provider verifying their e-mail (as a sign-in records it) changes their row, not the service's.
    await t.database.db.execute(sql`UPDATE users SET email_verified = true WHERE email = ${provider.email}`);
    t.app.invalidation.publish({ resources: ['users'] });
    expect(await listed()).toMatchObject({ providerVerified: true });
    // A profile change renames the provider's services: the list shows the new name and photo.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: provider.auth,
      payload: { displayName: 'Selina Orrery Works', photoURL: 'https://example.com/selina.png' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await listed()).toMatchObject({
      providerName: 'Selina Orrery Works',
      providerImage: 'https://example.com/selina.png',
    });
  });

  it('reads, within its refresh period, a service written behind its back', async () => {
    const provider = await newUser(t.app, { displayName: 'Rahim' });
    await createService(t.app, provider, { serviceName: 'Zeppelin drone repair' });
    await t.database.db.execute(
      sql`UPDATE services SET service_name = 'Blimp drone repair', updated_at = now() WHERE service_name = 'Zeppelin drone repair'`,
    );
    await expect.poll(() => names('blimp'), { timeout: 5000 }).toEqual(['Blimp drone repair']);
  });
});
