import { AREAS } from '@meramot/shared';
import { describe, expect, it } from 'vitest';
import { AREA_CODE } from './documents';
import { firstFrom, position, Postings, rankIn } from './posting-list';
import { build, idOf, indexed, planOf, type TestService } from './test-documents';
import { parseVector, wordRank } from './vector';
import type { SearchPlan } from '../plan';

describe('a posting list', () => {
  it('grows, and finds a document by binary search', () => {
    const p = new Postings(3);
    for (let d = 0; d < 100; d += 3) p.push(d, d / 100);
    expect(p.length).toBe(34);
    expect(p.docs.length).toBeGreaterThanOrEqual(34);
    expect(p.word).toBe(3);
    expect(new Postings(-1).serial).not.toBe(p.serial);
    expect([position(p, 0), position(p, 33), position(p, 34), position(p, 99), position(p, 100)]).toEqual([
      0, 11, -1, 33, -1,
    ]);
    expect(rankIn(p, 33)).toBeCloseTo(0.33, 6);
    expect(rankIn(p, 34)).toBe(0);
    // The first place holding `doc` or above, from a place on.
    expect([firstFrom(p, 0), firstFrom(p, 1), firstFrom(p, 99), firstFrom(p, 100), firstFrom(p, 4, 20)]).toEqual([
      0, 1, 33, 34, 20,
    ]);
  });

  it('gives back its spare room when trimmed, keeping every posting, and grows again after', () => {
    const p = new Postings(1);
    for (let d = 0; d < 5; d++) p.push(d, d);
    expect(p.docs.length).toBe(8);
    p.trim();
    expect([p.docs.length, p.ranks.length]).toEqual([5, 5]);
    expect([...p.docs]).toEqual([0, 1, 2, 3, 4]);
    expect([0, 1, 2, 3, 4].map((d) => rankIn(p, d))).toEqual([0, 1, 2, 3, 4]);
    p.push(9, 9);
    expect([p.length, position(p, 9), rankIn(p, 9)]).toEqual([6, 5, 9]);
    const empty = new Postings(2);
    empty.trim();
    empty.push(1, 1);
    expect(position(empty, 1)).toBe(0);
  });
});

describe('PostingIndex', () => {
  it("keeps each word's documents in order with its rank there, numbered as the catalogue numbers it", () => {
    const { postings, catalogue, add } = build(1 / 64);
    add({ id: idOf(1), name: 'tv repair', description: 'tv' });
    add({ id: idOf(2), name: 'fridge', description: 'tv' });
    const tv = postings.words.get('tv')!;
    expect([...tv.docs.subarray(0, tv.length)]).toEqual([0, 1]);
    expect(tv.word).toBe(catalogue.number('tv'));
    // Name (A) and description (D) in the first, the description alone in the second.
    expect(rankIn(tv, tv.docs[0]!)).toBeCloseTo(wordRank([1, 0.1]), 6);
    expect(rankIn(tv, tv.docs[1]!)).toBeCloseTo(wordRank([0.1]), 6);
  });

  it('matches every slot by any of its alternatives, within the documents given', () => {
    const { postings, documents, add } = build(1 / 64);
    add({ id: idOf(1), name: 'samsung tv repair' });
    add({ id: idOf(2), name: 'lg television repair', area: 'Khulna' });
    add({ id: idOf(3), name: 'samsung fridge' });
    const all = documents.aliveBits;
    const list = (plan: SearchPlan, base = all) => postings.match(plan, base)?.list();
    expect(list(planOf([['repair']]))).toEqual([0, 1]);
    expect(list(planOf([['tv', 'television']]))).toEqual([0, 1]);
    expect(list(planOf([['samsung'], ['repair']]))).toEqual([0]);
    expect(list(planOf([['samsung'], ['tv', 'fridge']]))).toEqual([0, 2]);
    expect(list(planOf([['repair']]), documents.areaBits[AREA_CODE.get('Khulna')!]!)).toEqual([1]);
    expect(postings.match(planOf([['repair']]), all)!.count).toBe(2);
    // A word nobody holds: nothing.
    expect(list(planOf([['samsung'], ['nothing']]))).toEqual([]);
    expect(list(planOf([]))).toEqual([]);
  });

  it('matches a vocabulary phrase only where its words stand side by side, and leaves others to the database', () => {
    const { postings, documents, add } = build(1 / 64);
    add({ id: idOf(1), name: 'washing machine repair' });
    add({ id: idOf(2), name: 'machine washing' });
    add({ id: idOf(3), name: 'washing', description: 'machine' });
    expect(postings.match(planOf([[['washing', 'machine']]]), documents.aliveBits)!.list()).toEqual([0]);
    // Not a phrase of the vocabulary: the index does not keep it.
    expect(postings.match(planOf([[['machine', 'repair']]]), documents.aliveBits)).toBeUndefined();
  });

  it('matches a hyphenated literal as the beginning of a word; other literals go to the database', () => {
    const { postings, documents, add } = build(1 / 64);
    add({ id: idOf(1), name: 'chip-level repair' });
    add({ id: idOf(2), name: 'chip-less repair' });
    add({ id: idOf(3), name: 'chip level repair' });
    const list = (literals: string[], slots: string[][] = []) =>
      postings.match(planOf(slots, literals), documents.aliveBits)?.list();
    expect(list(['chip-le'])).toEqual([0, 1]);
    expect(list(['CHIP-LEV'])).toEqual([0]);
    expect(list(['chip-level'], [['repair']])).toEqual([0]);
    expect(list(['chip-x'])).toEqual([]);
    expect(list(['100%'])).toBeUndefined();
    expect(list(['chip-le', 'c:\\'])).toBeUndefined();
  });

  it('finds the same matches one by one and through bit sets, as a plain reading of the documents does', () => {
    // A catalogue with common words (kept as bit sets), rarer ones, a few held by a handful of
    // services, letters being typed (many completions: unions kept between searches), documents
    // added after the build, and removed.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const vocabulary = Array.from({ length: 60 }, (_, i) => `${'abcdef'[i % 6]}${'xyz'[i % 3]}w${i}`);
    // Zipf-like: word i drawn about 1/(i+1) as often as the first.
    const draw = () => vocabulary[Math.floor(Math.exp(random() * Math.log(vocabulary.length + 1))) - 1]!;
    const services = (from: number, n: number): TestService[] =>
      Array.from({ length: n }, (_, i) => ({
        id: idOf(from + i),
        name: Array.from({ length: 2 + Math.floor(random() * 5) }, draw).join(' '),
        area: AREAS[Math.floor(random() * 3)]!,
        description: `${random() < 0.2 ? 'chip-level t-con' : 'plain'} ${random() < 0.01 ? `rare${Math.floor(random() * 10)}` : ''}`,
      }));
    // Always one by one, as shipped, always bit sets.
    const ways = [1, 1 / 64, 0].map((few) => ({ few, ...build(few) }));
    /** What each public service holds, by its number. */
    const held = new Map<number, { words: Set<string>; area: string }>();
    const add = (list: TestService[]) => {
      for (const s of list) {
        for (const way of ways) way.add(s);
        held.set(Number(s.id.slice(-12)), { words: new Set(parseVector(indexed(s).vector).keys()), area: s.area! });
      }
    };
    const plans: SearchPlan[] = Array.from({ length: 150 }, () => {
      const slots = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        if (random() < 0.6) return [draw()];
        // A letter being typed: every word that begins with it.
        const letter = 'abcdef'[Math.floor(random() * 6)]!;
        return vocabulary.filter((w) => w.startsWith(letter));
      });
      // A word a few services hold, the rest narrowed down from them.
      if (random() < 0.3) slots.push([`rare${Math.floor(random() * 10)}`]);
      return planOf(slots, random() < 0.1 ? ['chip-l'] : random() < 0.1 ? ['t-c'] : []);
    });
    // A word a handful of services hold and one some tens hold (no bit set of its own): the
    // candidates looked up in its list one by one.
    for (let k = 0; k < 10; k++) for (const w of vocabulary.slice(30)) plans.push(planOf([[`rare${k}`], [w]]));
    const expected = (plan: SearchPlan, area: string | undefined) =>
      [...held]
        .filter(
          ([, s]) =>
            (!area || s.area === area) &&
            plan.slots.every((slot) => slot.alternatives.some((a) => s.words.has(a.words[0]!))) &&
            plan.literals.every((l) => [...s.words].some((w) => w.startsWith(l))),
        )
        .map(([n]) => n)
        .sort((a, b) => a - b);
    let dense = 0;
    const compare = () => {
      for (const [i, plan] of plans.entries()) {
        const area = i % 4 === 0 ? 'Dhaka' : undefined;
        const want = expected(plan, area);
        if (want.length > held.size / 64) dense++;
        for (const { few, documents, postings } of ways) {
          const base = area ? documents.areaBits[AREA_CODE.get(area)!]! : documents.aliveBits;
          const matches = postings.match(plan, base)!;
          const docs = matches.list();
          const found = docs.map((d) => Number(documents.idOf(d).slice(-12))).sort((a, b) => a - b);
          expect({ few, i, count: matches.count, found }).toEqual({ few, i, count: want.length, found: want });
          // In document order (a service changed stands last), and membership agrees with the list.
          expect(docs.every((d, j) => j === 0 || docs[j - 1]! < d)).toBe(true);
          expect(docs.every((d) => matches.has(d))).toBe(true);
        }
      }
    };
    add(services(0, 3000));
    for (const way of ways) way.postings.keepCommon(way.documents.size);
    compare();
    // Again: the unions kept are used.
    compare();
    // Documents added since the build (set in the unions kept when next used), some removed, one changed.
    const later = services(3000, 400);
    add(later);
    for (let n = 0; n < 3400; n += 7) {
      for (const way of ways) way.documents.remove(idOf(n));
      held.delete(n);
    }
    add([{ ...later[1]!, name: `${vocabulary[0]} ${vocabulary[1]}` }]);
    compare();
    expect(dense).toBeGreaterThan(100);
  });
});
