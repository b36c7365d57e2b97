import { AREAS, VOCABULARY_PHRASES, type ListSortKey } from '@meramot/shared';
import { TIER_WEIGHT, type Alternative, type Tier } from './search-query';
import { HYPHENATED, RANK_STEPS } from './search-sql';
import type { SearchPlan } from './search-plan';

/**
 * The public services' search postings held in memory: a copy of what the GIN index on
 * `search_vector` holds, read from the `tsvector` the database keeps (so the words, their weights
 * and positions are PostgreSQL's own), with every sort's keys. A search that its plan has
 * resolved to words and phrases (the slots of `planSearch`) is matched, counted exactly, ranked
 * and paged here in a few milliseconds whatever the number of matches, and so is a list of an
 * area without a search; the page's rows are then read by id. A hyphenated literal ("chip-level",
 * "t-con") matches the words that hold it (PostgreSQL keeps a hyphenated word whole, next to its
 * parts); other literal substrings ("100%", "c:\\") still go to the database (search-sql.ts).
 *
 * Documents are numbered in the order they are added and never move: a changed service gets a
 * new number and its old one is marked dead (`alive`), so every posting list stays sorted by
 * number. search-index-sync.ts builds it, keeps it current and rebuilds it when too much is dead.
 */

/** One service as the index reads it (search-index-sync.ts). */
export interface IndexedService {
  id: string;
  /** created_at in microseconds since 1970 (the database's precision, for the newest-first ties). */
  created: number;
  price: number;
  area: string;
  /** lower(service_name) and lower(provider_name), as the database lower-cases them. */
  nameKey: string;
  providerKey: string;
  /** search_vector::text */
  vector: string;
  /** updated_at in microseconds: a row read again with the same value is unchanged. */
  updated: number;
}

/** ts_rank's weights of D, C, B, A (search-sql.ts FIELD_WEIGHTS). */
const WEIGHT_OF: Record<string, number> = { D: 0.1, C: 0.2, B: 0.4, A: 1.0 };
/** The sum of 1/i² (ts_rank's normalisation of a word's repeated occurrences). */
const PI2_6 = 1.64493406685;

/**
 * A word's part of ts_rank for one document (PostgreSQL's calc_rank_or): its occurrences, in
 * position order, each weighed by its field and by 1/(j+1)², the best occurrence counted whole.
 */
export function wordRank(weights: number[]): number {
  let sum = 0;
  let best = -1;
  let bestAt = 0;
  weights.forEach((w, j) => {
    sum += w / ((j + 1) * (j + 1));
    if (w > best) {
      best = w;
      bestAt = j;
    }
  });
  return (best + sum - best / ((bestAt + 1) * (bestAt + 1))) / PI2_6;
}

/** A lexeme with its positions and their weights, as `tsvector` prints them: 'word':3A,17 */
const ENTRY = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;

/** Reads a tsvector's text: each lexeme with its positions (ascending) and their weights. */
export function parseVector(text: string): Map<string, { positions: number[]; weights: number[] }> {
  const entries = new Map<string, { positions: number[]; weights: number[] }>();
  for (const m of text.matchAll(ENTRY)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions: number[] = [];
    const weights: number[] = [];
    for (const p of (m[2] ?? '').split(',').filter(Boolean)) {
      const letter = /[A-D]$/.test(p) ? p.slice(-1) : 'D';
      positions.push(Number.parseInt(p, 10));
      weights.push(WEIGHT_OF[letter]!);
    }
    entries.set(lexeme, { positions, weights });
  }
  return entries;
}

/** A growable posting list: document numbers (ascending) with the word's rank in each. */
class Postings {
  docs = new Int32Array(4);
  ranks = new Float32Array(4);
  length = 0;
  push(doc: number, rank: number) {
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2);
      docs.set(this.docs);
      this.docs = docs;
      const ranks = new Float32Array(this.length * 2);
      ranks.set(this.ranks);
      this.ranks = ranks;
    }
    this.docs[this.length] = doc;
    this.ranks[this.length++] = rank;
  }
}

const PHRASE_KEYS = VOCABULARY_PHRASES.map((words) => ({ words, key: words.join(' ') }));
const AREA_CODE = new Map<string, number>(AREAS.map((a, i) => [a, i]));

export interface IndexPage {
  ids: string[];
  /** Every match, counted exactly. */
  total: number;
}

export class SearchIndex {
  private ids: string[] = [];
  private created = new Float64Array(1024);
  private price = new Float64Array(1024);
  private area = new Uint8Array(1024);
  private alive = new Uint8Array(1024);
  private updated = new Float64Array(1024);
  private nameKey: string[] = [];
  private providerKey: string[] = [];
  private words = new Map<string, Postings>();
  private phrases = new Map<string, Postings>();
  private docOf = new Map<string, number>();
  private areaCount = new Int32Array(AREAS.length);
  /** Scratch marks of one evaluation (JavaScript runs one at a time). */
  private mark = new Int32Array(1024);
  private generation = 0;
  private scores = new Float64Array(1024);
  private tierScores = new Float64Array(1024);
  private slotScores = new Float64Array(1024);
  dead = 0;

  /** Documents ever added (alive or dead). */
  get size(): number {
    return this.ids.length;
  }

  /** Public services held. */
  get live(): number {
    return this.docOf.size;
  }

  private grow() {
    const n = this.created.length * 2;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const u8 = (a: Uint8Array) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    this.created = f64(this.created);
    this.price = f64(this.price);
    this.updated = f64(this.updated);
    this.area = u8(this.area);
    this.alive = u8(this.alive);
    this.mark = new Int32Array(n);
    this.generation = 0;
    this.scores = new Float64Array(n);
    this.tierScores = new Float64Array(n);
    this.slotScores = new Float64Array(n);
  }

  /** The updated_at (µs) the index holds for a service, undefined when it holds none. */
  version(id: string): number | undefined {
    const doc = this.docOf.get(id);
    return doc === undefined ? undefined : this.updated[doc];
  }

  /** Adds a public service (replacing what was held for its id). */
  add(s: IndexedService): void {
    this.remove(s.id);
    const area = AREA_CODE.get(s.area);
    if (area === undefined) return;
    const doc = this.ids.length;
    if (doc === this.created.length) this.grow();
    this.ids.push(s.id);
    this.nameKey.push(s.nameKey);
    this.providerKey.push(s.providerKey);
    this.created[doc] = s.created;
    this.price[doc] = s.price;
    this.updated[doc] = s.updated;
    this.area[doc] = area;
    this.alive[doc] = 1;
    this.docOf.set(s.id, doc);
    this.areaCount[area]!++;
    const entries = parseVector(s.vector);
    for (const [lexeme, { weights }] of entries) {
      let list = this.words.get(lexeme);
      if (!list) this.words.set(lexeme, (list = new Postings()));
      list.push(doc, wordRank(weights));
    }
    for (const { words, key } of PHRASE_KEYS) {
      const first = entries.get(words[0]!);
      if (!first) continue;
      const rest = words.slice(1).map((w) => entries.get(w)?.positions);
      if (rest.some((p) => !p)) continue;
      const at = first.positions.some((p) => rest.every((positions, i) => positions!.includes(p + i + 1)));
      if (!at) continue;
      let list = this.phrases.get(key);
      if (!list) this.phrases.set(key, (list = new Postings()));
      list.push(doc, 0);
    }
  }

  /** Forgets a service (paused, deleted or changed); its postings stay, marked dead. */
  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.docOf.delete(id);
    this.alive[doc] = 0;
    this.areaCount[this.area[doc]!]!--;
    this.dead++;
  }

  /** Public services per area, for the areas that have any. */
  areaCounts(): { area: string; count: number }[] {
    return AREAS.map((area, i) => ({ area, count: this.areaCount[i]! })).filter((a) => a.count > 0);
  }

  private postingsOf(alt: Alternative): Postings | null | undefined {
    if (alt.words.length === 1) return this.words.get(alt.words[0]!) ?? null;
    if (!PHRASE_KEYS.some((p) => p.key === alt.words.join(' '))) return undefined;
    return this.phrases.get(alt.words.join(' ')) ?? null;
  }

  private nextGeneration(): number {
    if (this.generation >= 0x7fffffff - 1) {
      this.mark.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** Posting lists of every word that holds `literal` (a hyphenated word, or part of one). */
  private holding(literal: string): Postings[] {
    const lists: Postings[] = [];
    for (const [word, p] of this.words) if (word.includes(literal)) lists.push(p);
    return lists;
  }

  /**
   * The matches of a plan (every slot by any of its alternatives, every hyphenated literal as part
   * of a word), public and within the area; with no plan, every public service of the area.
   * Undefined when the index cannot tell (a phrase it does not keep, a literal that is not a
   * hyphenated word): the caller asks the database instead.
   */
  matches(plan: SearchPlan | null, area?: string): number[] | undefined {
    const areaCode = area === undefined ? -1 : (AREA_CODE.get(area) ?? -2);
    if (areaCode === -2) return [];
    const { mark, alive } = this;
    if (!plan) {
      const all: number[] = [];
      for (let d = 0; d < this.ids.length; d++)
        if (alive[d] === 1 && (areaCode < 0 || this.area[d] === areaCode)) all.push(d);
      return all;
    }
    if (plan.literals.some((l) => !HYPHENATED.test(l))) return undefined;
    const lists = plan.slots.map((slot) => slot.alternatives.map((a) => this.postingsOf(a)));
    if (lists.some((slot) => slot.includes(undefined))) return undefined;
    const slots = [
      ...lists.map((slot) => slot.filter((p): p is Postings => p !== null)),
      ...plan.literals.map((l) => this.holding(l.toLowerCase())),
    ]
      .map((slot) => ({ slot, size: slot.reduce((n, p) => n + p.length, 0) }))
      .sort((a, b) => a.size - b.size);
    if (slots.length === 0 || slots[0]!.size === 0) return [];
    let generation = this.nextGeneration();
    let candidates: number[] = [];
    for (const p of slots[0]!.slot) {
      for (let i = 0; i < p.length; i++) {
        const d = p.docs[i]!;
        if (mark[d] !== generation && alive[d] === 1 && (areaCode < 0 || this.area[d] === areaCode)) {
          mark[d] = generation;
          candidates.push(d);
        }
      }
    }
    for (const { slot } of slots.slice(1)) {
      if (candidates.length === 0) break;
      generation = this.nextGeneration();
      for (const p of slot) for (let i = 0; i < p.length; i++) mark[p.docs[i]!] = generation;
      candidates = candidates.filter((d) => mark[d] === generation);
    }
    return candidates;
  }

  /** Best match (search-sql.ts searchRank): per slot, the best tier's weighed ts_rank; the slots add up. */
  private rank(plan: SearchPlan, candidates: number[]): Float64Array {
    const { scores, tierScores, slotScores, mark } = this;
    const generation = this.nextGeneration();
    for (const d of candidates) {
      scores[d] = 0;
      mark[d] = generation;
    }
    for (const slot of plan.slots) {
      for (const d of candidates) slotScores[d] = 0;
      for (const tier of Object.keys(TIER_WEIGHT) as Tier[]) {
        const words = [...new Set(slot.alternatives.filter((a) => a.tier === tier).flatMap((a) => a.words))];
        if (words.length === 0) continue;
        for (const d of candidates) tierScores[d] = 0;
        for (const word of words) {
          const p = this.words.get(word);
          if (!p) continue;
          for (let i = 0; i < p.length; i++) {
            const d = p.docs[i]!;
            if (mark[d] === generation) tierScores[d]! += p.ranks[i]!;
          }
        }
        for (const d of candidates) {
          const r = TIER_WEIGHT[tier] * tierScores[d]!;
          if (r > slotScores[d]!) slotScores[d] = r;
        }
      }
      for (const d of candidates) scores[d] = scores[d]! + slotScores[d]!;
    }
    // In steps, as the database compares them (search-sql.ts searchRank).
    for (const d of candidates) scores[d] = Math.round(scores[d]! * RANK_STEPS);
    return scores;
  }

  /** Orders two documents as the list's sort does (negative: `a` first); ties by id, as in SQL. */
  private comparator(sort: ListSortKey, scores?: Float64Array): (a: number, b: number) => number {
    const { ids, created, price, nameKey, providerKey } = this;
    const idAsc = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    const newest = (a: number, b: number) => created[b]! - created[a]! || idAsc(b, a);
    switch (sort) {
      case 'best':
        return (a, b) => scores![b]! - scores![a]! || newest(a, b);
      case 'newest':
        return newest;
      case 'price-low':
        return (a, b) => price[a]! - price[b]! || idAsc(a, b);
      case 'price-high':
        return (a, b) => price[b]! - price[a]! || idAsc(b, a);
      case 'name':
        return (a, b) => (nameKey[a]! < nameKey[b]! ? -1 : nameKey[a]! > nameKey[b]! ? 1 : idAsc(a, b));
      case 'provider':
        return (a, b) => (providerKey[a]! < providerKey[b]! ? -1 : providerKey[a]! > providerKey[b]! ? 1 : idAsc(a, b));
    }
  }

  /**
   * A page of a search: its matches counted, ordered by `sort` and cut at `offset`, `limit`.
   * Undefined when the index cannot answer it (see `matches`).
   */
  page(
    plan: SearchPlan | null,
    area: string | undefined,
    sort: ListSortKey,
    offset: number,
    limit: number,
  ): IndexPage | undefined {
    const candidates = this.matches(plan, area);
    if (!candidates) return undefined;
    const compare = this.comparator(sort, plan && sort === 'best' ? this.rank(plan, candidates) : undefined);
    const top = firstK(candidates, offset + limit, compare);
    return { ids: top.slice(offset).map((d) => this.ids[d]!), total: candidates.length };
  }
}

/** The first `k` items in `compare` order, without sorting them all (a bounded heap, worst on top). */
export function firstK(items: number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.slice().sort(compare).slice(0, k);
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (r < heap.length && worse(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}
