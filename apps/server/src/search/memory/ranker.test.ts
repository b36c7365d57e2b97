import { describe, expect, it } from 'vitest';
import { Ranker, type RankWay } from './ranker';
import { build, idOf, indexed, planOf, type TestService } from './test-documents';
import { parseVector, wordRank } from './vector';
import { RANK_STEPS, type Tier } from '../definitions';
import { rankTiers } from '../parse';
import type { SearchPlan } from '../plan';

/** The parts with a ranker that always takes `way`. */
function ranked(services: TestService[], way: RankWay) {
  const parts = build();
  for (const s of services) parts.add(s);
  const ranker = new Ranker(parts.catalogue, parts.documents, parts.postings, way);
  // Room for every document (search-index.ts grows it with the documents).
  ranker.grow(parts.documents.capacity);
  return { ...parts, ranker };
}

const scoresOf = (r: ReturnType<typeof ranked>, plan: SearchPlan, candidates: number[]) => {
  const score = r.ranker.rank(plan, candidates);
  return candidates.map((d) => score[d]!);
};

const alt = (word: string, tier: Tier) => ({ words: [word], tier });

describe('Ranker: best match as SQL ranks it', () => {
  const services: TestService[] = [
    // tv:1A (its name), repair:2A
    { id: idOf(1), name: 'tv repair' },
    // tv twice in the description (D)
    { id: idOf(2), name: 'fridge', description: 'tv tv' },
    { id: idOf(3), name: 'television' },
    { id: idOf(4), name: 'washing machine repair' },
    { id: idOf(5), name: 'television', description: 'tv tv' },
  ];

  for (const way of ['lists', 'docs'] as const) {
    it(`${way}: the weighed ts_rank of the best tier per slot, the slots added, in steps of 1/${RANK_STEPS}`, () => {
      const r = ranked(services, way);
      // One word in the name: round(10,000 · 1 / (π²/6)) = 6079; twice in the description:
      // round(10,000 · (0.1 + 0.1/4) / (π²/6)) = 760.
      expect(scoresOf(r, planOf([['tv']]), [0, 1, 2])).toEqual([6079, 760, 0]);
      // A synonym weighs 0.7: round(0.7 · 6079.27) = 4255; the better tier of a slot counts.
      const tvOrTelevision = planOf([[alt('tv', 'exact'), alt('television', 'synonym')]]);
      expect(scoresOf(r, tvOrTelevision, [0, 1, 2, 4])).toEqual([6079, 760, 4255, 4255]);
      // A prefix's completion weighs 0.9, a part 0.5.
      expect(scoresOf(r, planOf([[alt('repair', 'prefix')]]), [0])).toEqual([5471]);
      expect(scoresOf(r, planOf([[alt('repair', 'part')]]), [0])).toEqual([3040]);
      // A phrase ranked by its words, added up within its tier; and a second slot adds.
      expect(scoresOf(r, planOf([[['washing', 'machine']]]), [3])).toEqual([12159]);
      expect(scoresOf(r, planOf([[['washing', 'machine']], ['repair']]), [3, 0])).toEqual([18238, 0 + 6079]);
      // Words nobody holds add nothing.
      expect(scoresOf(r, planOf([['nothing'], ['tv']]), [0])).toEqual([6079]);
    });
  }

  it('both ways give the same scores as a plain sum over each candidate, for many plans', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const vocabulary = Array.from({ length: 50 }, (_, i) => `w${i}`);
    const draw = () => vocabulary[Math.floor(Math.exp(random() * Math.log(vocabulary.length + 1))) - 1]!;
    const catalogue: TestService[] = Array.from({ length: 1500 }, (_, i) => ({
      id: idOf(i),
      name: Array.from({ length: 1 + Math.floor(random() * 4) }, draw).join(' '),
      description: Array.from({ length: Math.floor(random() * 6) }, draw).join(' '),
      provider: draw(),
    }));
    const byLists = ranked(catalogue, 'lists');
    const byDocs = ranked(catalogue, 'docs');
    const tiers: Tier[] = ['exact', 'prefix', 'synonym', 'part'];
    const vectors = catalogue.map((s) => parseVector(indexed(s).vector));
    /** The score of a candidate, word by word (ranks are kept in single precision). */
    const plain = (slots: ReturnType<typeof rankTiers>[], d: number) => {
      let total = 0;
      for (const slot of slots) {
        let best = 0;
        for (const { weight, words } of slot) {
          let sum = 0;
          for (const w of words) if (vectors[d]!.has(w)) sum += Math.fround(wordRank(vectors[d]!.get(w)!.weights));
          best = Math.max(best, weight * sum);
        }
        total += best;
      }
      return Math.round(total * RANK_STEPS);
    };
    let scored = 0;
    for (let i = 0; i < 200; i++) {
      const plan = planOf(
        Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          // Up to 40 alternatives a slot, of any tier, a word possibly in two tiers.
          Array.from({ length: 1 + Math.floor(random() * (random() < 0.2 ? 40 : 4)) }, () =>
            alt(random() < 0.05 ? 'unheld' : draw(), tiers[Math.floor(random() * 4)]!),
          ),
        ),
      );
      const candidates = Array.from({ length: 1500 }, (_, d) => d).filter(() => random() < (i % 2 ? 0.02 : 0.5));
      const slots = plan.slots.map((slot) => rankTiers(slot.alternatives));
      const want = candidates.map((d) => plain(slots, d));
      expect({ i, scores: scoresOf(byLists, plan, candidates) }).toEqual({ i, scores: want });
      expect({ i, scores: scoresOf(byDocs, plan, candidates) }).toEqual({ i, scores: want });
      scored += want.filter((s) => s > 0).length;
    }
    expect(scored).toBeGreaterThan(10_000);
    expect(byLists.ranker.rankedBy).toEqual({ lists: 200, docs: 0 });
    expect(byDocs.ranker.rankedBy).toEqual({ lists: 0, docs: 200 });
  });

  it('takes the cheaper way: the lists for a few words, the candidates’ words for many long lists', () => {
    const catalogue: TestService[] = Array.from({ length: 2000 }, (_, i) => ({
      id: idOf(i),
      name: `common${i % 40} repair`,
      description: i < 5 ? 'rare' : 'plain',
    }));
    const r = ranked(catalogue, 'cheaper');
    r.ranker.rank(planOf([['rare']]), [0, 1, 2, 3, 4]);
    expect(r.ranker.rankedBy).toEqual({ lists: 1, docs: 0 });
    // A word being typed with 40 completions, each held by 50 services, for 2 candidates.
    const typed = planOf([Array.from({ length: 40 }, (_, i) => alt(`common${i}`, 'prefix'))]);
    const score = r.ranker.rank(typed, [0, 7]);
    expect(r.ranker.rankedBy).toEqual({ lists: 1, docs: 1 });
    expect([score[0], score[7]]).toEqual([5471, 5471]);
    r.ranker.rankWay = 'lists';
    r.ranker.rank(typed, [0, 7]);
    expect(r.ranker.rankedBy).toEqual({ lists: 2, docs: 1 });
  });

  it('grows with the documents', () => {
    const r = ranked([], 'lists');
    for (let i = 0; i < 3000; i++) {
      if (r.documents.size === r.documents.capacity) r.ranker.grow(r.documents.capacity * 2);
      r.add({ id: idOf(i), name: i === 2999 ? 'tv' : 'radio' });
    }
    expect(scoresOf(r, planOf([['tv']]), [2999])).toEqual([6079]);
  });
});
