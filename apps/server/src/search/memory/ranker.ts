import { clearBit, hasBit, Marks, setBit } from './bits';
import type { CatalogueWords } from './catalogue-words';
import type { Documents } from './documents';
import { RANKS, rankIn, type Postings } from './posting-list';
import type { PostingIndex } from './postings';
import { RANK_STEPS } from '../definitions';
import { rankTiers, type Alternative } from '../parse';
import type { SearchPlan } from '../plan';

/**
 * Best match in the in-memory index, as database/match.ts ranks in SQL: per slot of the plan, the
 * best tier's weighed ts_rank (the words' ranks kept in their posting lists, postings.ts); the
 * slots add up; compared in steps of 1/RANK_STEPS (definitions.ts). Two ways to the same sums,
 * the cheaper one taken for each search (or, for the tests, always one: search-index.ts options):
 * through the posting lists of the plan's words (few words), or through the words each candidate
 * holds (documents.ts; many words: a word being typed has up to 40 completions). search-index.ts
 * orders the scores, ties newest first (orders.ts).
 */

/** How best match adds up its scores: the cheaper way for each search, or always one. */
export type RankWay = 'cheaper' | 'lists' | 'docs';

/** A tier of a slot of a plan, for best match: its weight and the posting lists of its words, in order. */
interface RankTier {
  weight: number;
  lists: Postings[];
}

export class Ranker {
  // Scratch of one search (JavaScript runs one at a time).
  /** Best match through the posting lists: the candidates, and their scores per document. */
  private candidateMarks = new Marks(1024);
  private score = new Float64Array(1024);
  private slotScore = new Float64Array(1024);
  private tierSum = new Float64Array(1024);
  /** Best match through the candidates' words: the plan's words, each word's first entry, a candidate's hits. */
  private planWords = new Uint32Array(0);
  private wordEntry = new Int32Array(0);
  private hitEntry = new Int32Array(64);
  private hitRank = new Float64Array(64);
  /** Searches ranked each way. */
  readonly rankedBy = { lists: 0, docs: 0 };

  constructor(
    private readonly catalogue: CatalogueWords,
    private readonly documents: Documents,
    private readonly postings: PostingIndex,
    public rankWay: RankWay,
  ) {}

  /** Makes room for `capacity` documents. */
  grow(capacity: number): void {
    this.candidateMarks = new Marks(capacity);
    this.score = new Float64Array(capacity);
    this.slotScore = new Float64Array(capacity);
    this.tierSum = new Float64Array(capacity);
  }

  /**
   * Each candidate's score (indexed by document: valid until the next call), rounded to steps of
   * 1/RANK_STEPS, through the cheaper way.
   */
  rank(plan: SearchPlan, candidates: number[]): Float64Array {
    const tiers = plan.slots.map((slot) => this.tiersOf(slot.alternatives));
    // The relative costs of a posting walked (or a step of a binary search) and of a word of a
    // candidate, as measured (docs/search.md).
    const c = candidates.length;
    let byLists = 0;
    for (const slot of tiers) {
      for (const { lists } of slot) {
        for (const p of lists) byLists += p.length <= c * 16 ? p.length : c * Math.log2(p.length);
      }
    }
    const n = this.documents.size;
    const byDocs = n === 0 ? 0 : c * 2 * (this.documents.wordsHeld / n);
    const way = this.rankWay === 'cheaper' ? (byDocs < byLists ? 'docs' : 'lists') : this.rankWay;
    this.rankedBy[way]++;
    return way === 'docs' ? this.rankByDocs(tiers, candidates) : this.rankByLists(tiers, candidates);
  }

  /** parse.ts rankTiers with each word's posting list (words no service holds add nothing). */
  private tiersOf(alternatives: readonly Alternative[]): RankTier[] {
    return rankTiers(alternatives).map(({ weight, words }) => ({
      weight,
      lists: words.flatMap((w) => this.postings.words.get(w) ?? []),
    }));
  }

  /** Best match through the posting lists: each word's share added up in word order, as in SQL. */
  private rankByLists(tiers: RankTier[][], candidates: number[]): Float64Array {
    const { score, slotScore, tierSum } = this;
    const mark = this.candidateMarks.of;
    const g = this.candidateMarks.next();
    for (const d of candidates) {
      mark[d] = g;
      score[d] = 0;
    }
    for (const slot of tiers) {
      for (const d of candidates) slotScore[d] = 0;
      for (const { weight, lists } of slot) {
        for (const d of candidates) tierSum[d] = 0;
        // A short posting list walked through, a long one looked up (binary search) for each candidate.
        for (const p of lists) {
          if (p.length <= candidates.length * 16) {
            for (let i = 0; i < p.length; i++) {
              const d = p.docs[i]!;
              if (mark[d] === g) tierSum[d]! += RANKS[p.ranks[i]!]!;
            }
          } else {
            for (const d of candidates) tierSum[d]! += rankIn(p, d);
          }
        }
        for (const d of candidates) slotScore[d] = Math.max(slotScore[d]!, weight * tierSum[d]!);
      }
      for (const d of candidates) score[d]! += slotScore[d]!;
    }
    for (const d of candidates) score[d] = Math.round(score[d]! * RANK_STEPS);
    return score;
  }

  /**
   * Best match through each candidate's own words: the plan's words are numbered in order (slot,
   * tier, word), a candidate's hits sorted by that number, so each tier adds up its words in the
   * same order as rankByLists (and SQL) does, to the same sums.
   */
  private rankByDocs(tiers: RankTier[][], candidates: number[]): Float64Array {
    const { score } = this;
    const words = this.catalogue.size;
    if (this.wordEntry.length < words) {
      this.planWords = new Uint32Array(Math.ceil((words * 2) / 32));
      this.wordEntry = new Int32Array(words * 2);
    }
    // The plan's words as a bit set (small enough to stay in the processor's cache, unlike a mark
    // per word), cleared again at the end.
    const { wordEntry, planWords } = this;
    // The plan's words ("entries"), each with its list, tier and the next entry of the same word.
    const entryList: Postings[] = [];
    const entryTier: number[] = [];
    const entryNext: number[] = [];
    const tierWeight: number[] = [];
    const slotTiers: number[] = [];
    for (const slot of tiers) {
      slotTiers.push(slot.length);
      for (const { weight, lists } of slot) {
        const t = tierWeight.length;
        tierWeight.push(weight);
        for (const p of lists) {
          const e = entryList.length;
          entryList.push(p);
          entryTier.push(t);
          entryNext.push(-1);
          if (!hasBit(planWords, p.word)) {
            setBit(planWords, p.word);
            wordEntry[p.word] = e;
          } else {
            let last = wordEntry[p.word]!;
            while (entryNext[last]! >= 0) last = entryNext[last]!;
            entryNext[last] = e;
          }
        }
      }
    }
    const { docWords, wordsEnd } = this.documents;
    // A candidate holds each word once, so it has at most one hit per entry.
    if (this.hitEntry.length < entryList.length) {
      this.hitEntry = new Int32Array(entryList.length * 2);
      this.hitRank = new Float64Array(entryList.length * 2);
    }
    const { hitEntry, hitRank } = this;
    for (const d of candidates) {
      let hits = 0;
      // The candidate's words, read from their differences (documents.ts docWords).
      for (let i = d === 0 ? 0 : wordsEnd[d - 1]!, end = wordsEnd[d]!, w = 0; i < end;) {
        let x = 0;
        let shift = 0;
        let b: number;
        do {
          b = docWords[i++]!;
          x += (b & 0x7f) * 2 ** shift;
          shift += 7;
        } while (b & 0x80);
        w += x;
        if (!hasBit(planWords, w)) continue;
        const e0 = wordEntry[w]!;
        const rank = rankIn(entryList[e0]!, d);
        for (let e = e0; e >= 0; e = entryNext[e]!) {
          // Insertion in entry order (a candidate holds few of the plan's words).
          let at = hits++;
          while (at > 0 && hitEntry[at - 1]! > e) {
            hitEntry[at] = hitEntry[at - 1]!;
            hitRank[at] = hitRank[at - 1]!;
            at--;
          }
          hitEntry[at] = e;
          hitRank[at] = rank;
        }
      }
      let total = 0;
      let h = 0;
      let t = 0;
      for (const count of slotTiers) {
        let best = 0;
        for (const end = t + count; t < end; t++) {
          let sum = 0;
          while (h < hits && entryTier[hitEntry[h]!] === t) sum += hitRank[h++]!;
          best = Math.max(best, tierWeight[t]! * sum);
        }
        total += best;
      }
      score[d] = Math.round(total * RANK_STEPS);
    }
    for (const p of entryList) clearBit(planWords, p.word);
    return score;
  }
}
