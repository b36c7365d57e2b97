import { AREAS, VOCABULARY_PHRASES, type ListSortKey, type Service } from '@meramot/shared';
import { clearBit, documentsIn, hasBit, Marks, Matches, popcount, setBit } from './bits';
import { CatalogueWords } from './catalogue-words';
import { firstK } from './first-k';
import { parseVector, wordRank } from './vector';
import { HYPHENATED, RANK_STEPS, type Lookup, type WordRow } from '../definitions';
import { rankTiers, type Alternative } from '../parse';
import type { SearchPlan } from '../plan';

/**
 * The public services' search postings held in memory: a copy of what the GIN index on
 * `search_vector` holds, read from the `tsvector` the database keeps (so the words, their weights
 * and positions are PostgreSQL's own), with every sort's keys. A search that its plan has
 * resolved to words and phrases (the slots of `planSearch`) is matched, counted exactly, ranked
 * and paged here in a few milliseconds whatever the number of matches, and so is a list of an
 * area without a search, with the rows the index holds. A hyphenated literal ("chip-level",
 * "t-co") matches the words that begin with it (PostgreSQL keeps a hyphenated word whole, next to
 * its parts); other literal substrings ("100%", "c:\\") still go to the database (search-sql.ts).
 *
 * Documents are numbered in the order they are added and never move: a changed service gets a
 * new number and its old one is marked dead (`alive`), so every posting list stays sorted by
 * number. search-index-sync.ts builds it, keeps it current and rebuilds it when too much is dead.
 */

export { parseVector, wordRank } from './vector';

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
  /** updated_at in microseconds: a row read again with the same value has the same words and keys. */
  updated: number;
  /** changed_at in microseconds: a row read again with the same value is unchanged altogether. */
  changed: number;
  /** The service as lists show it. */
  row: Service;
}

/** A growable posting list: document numbers (ascending) with the word's rank in each. */
let postingsMade = 0;
class Postings {
  /** The word's number in the catalogue's words (-1 for a phrase). */
  constructor(readonly word: number) {}
  /** Names the list in the keys of the unions kept (SearchIndex.unionOf). */
  readonly serial = postingsMade++;
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

/**
 * The memory the unions of posting lists kept between searches may take: a bit per document each,
 * so about 2,000 unions at 100,000 services and 256 at 1,000,000 (enough for every one- and
 * two-letter prefix being typed).
 */
const UNIONS_BYTES = 32 * 1024 * 1024;

const PHRASE_KEYS = VOCABULARY_PHRASES.map((words) => ({ words, key: words.join(' ') }));
const AREA_CODE = new Map<string, number>(AREAS.map((a, i) => [a, i]));

export interface IndexPage {
  /** The page's services, as lists show them. */
  services: Service[];
  /** Every match, counted exactly. */
  total: number;
}

/** The sorts kept as precomputed orders of every document (price-high walks price-low backwards). */
const ORDER_KEYS = ['newest', 'price', 'name', 'provider'] as const;
type OrderKey = (typeof ORDER_KEYS)[number];
const ORDER_OF: Record<Exclude<ListSortKey, 'best'>, { key: OrderKey; backwards: boolean }> = {
  newest: { key: 'newest', backwards: false },
  'price-low': { key: 'price', backwards: false },
  'price-high': { key: 'price', backwards: true },
  name: { key: 'name', backwards: false },
  provider: { key: 'provider', backwards: false },
};

/** How a search's many matches are ranked (services.service.ts passes the list's rules). */
export interface RankRules {
  /** Up to this many matches, best match ranks them all. */
  rankAll: number;
  /** Over it, best match ranks this many of the newest matches. */
  ranked: number;
}

/** A tier of a slot of a plan, for best match: its weight and the posting lists of its words, in order. */
interface RankTier {
  weight: number;
  lists: Postings[];
}

export class SearchIndex {
  private ids: string[] = [];
  private capacity = 1024;
  private created = new Float64Array(1024);
  private price = new Float64Array(1024);
  private area = new Uint8Array(1024);
  private updated = new Float64Array(1024);
  private changed = new Float64Array(1024);
  /** Each document's row (null once dead). */
  private rows: (Service | null)[] = [];
  private nameKey: string[] = [];
  private providerKey: string[] = [];
  private words = new Map<string, Postings>();
  private phrases = new Map<string, Postings>();
  /** Bit sets (a bit per document) of the posting lists held by many documents. */
  private bitsOf = new Map<Postings, Uint32Array>();
  private aliveBits = new Uint32Array(32);
  private areaBits = AREAS.map(() => new Uint32Array(32));
  private docOf = new Map<string, number>();
  /** The catalogue's words with the public services holding each (search_words, in memory). */
  private catalogue = new CatalogueWords();
  /** The word numbers of every document, one after another: document d's end at wordsEnd[d]. */
  private docWords = new Int32Array(1 << 16);
  private wordsEnd = new Int32Array(1024);
  private areaCount = new Int32Array(AREAS.length);
  /** Every document numbered below `ordered`, in each sort's order, and its place in it. */
  private orders: Partial<Record<OrderKey, Int32Array>> = {};
  private places: Partial<Record<OrderKey, Int32Array>> = {};
  private ordered = 0;
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
  /** The matches (a bit per document), and a slot's own bits. */
  private bits = new Uint32Array(32);
  /** Unions of posting lists kept between searches (unionOf), least recently used first. */
  private unions = new Map<string, { bits: Uint32Array; upTo: number }>();
  private slotBits = new Uint32Array(32);
  dead = 0;
  /** Up to this share of the documents the rarest slot's are narrowed one by one (the tests try others). */
  fewShare = 1 / 64;
  /** How best match adds up its scores: the cheaper way for each search, or (for the tests) always one. */
  rankWay: 'cheaper' | 'lists' | 'docs' = 'cheaper';
  /** Searches ranked each way. */
  readonly rankedBy = { lists: 0, docs: 0 };

  /** Documents ever added (alive or dead). */
  get size(): number {
    return this.ids.length;
  }

  /** Public services held. */
  get live(): number {
    return this.docOf.size;
  }

  /** Documents added since the orders were made (they are merged in at each query). */
  get unordered(): number {
    return this.ids.length - this.ordered;
  }

  private grow() {
    const n = this.capacity * 2;
    const widen = <T extends Float64Array | Uint8Array | Uint32Array | Int32Array>(a: T, length: number): T => {
      const b = new (a.constructor as new (n: number) => T)(length);
      b.set(a);
      return b;
    };
    this.created = widen(this.created, n);
    this.price = widen(this.price, n);
    this.updated = widen(this.updated, n);
    this.changed = widen(this.changed, n);
    this.area = widen(this.area, n);
    this.wordsEnd = widen(this.wordsEnd, n);
    this.aliveBits = widen(this.aliveBits, n / 32);
    this.areaBits = this.areaBits.map((b) => widen(b, n / 32));
    for (const [p, b] of this.bitsOf) this.bitsOf.set(p, widen(b, n / 32));
    this.bits = new Uint32Array(n / 32);
    this.unions.clear();
    this.slotBits = new Uint32Array(n / 32);
    this.candidateMarks = new Marks(n);
    this.score = new Float64Array(n);
    this.slotScore = new Float64Array(n);
    this.tierSum = new Float64Array(n);
    this.capacity = n;
  }

  /**
   * Takes a public service read again: added afresh when its words or keys may differ (another
   * updated_at), its row replaced when only the row changed (a booking, a review, its provider's
   * e-mail), nothing when it is unchanged.
   */
  apply(s: IndexedService): void {
    const doc = this.docOf.get(s.id);
    if (doc === undefined || this.updated[doc] !== s.updated) this.add(s);
    else if (this.changed[doc] !== s.changed) {
      this.rows[doc] = s.row;
      this.changed[doc] = s.changed;
    }
  }

  /** Whether the index holds the service as it was at `changed` (µs), public. */
  holds(id: string, changed: number): boolean {
    const doc = this.docOf.get(id);
    return doc !== undefined && this.changed[doc] === changed;
  }

  private addPosting(map: Map<string, Postings>, key: string, doc: number, rank: number): Postings {
    let list = map.get(key);
    if (!list) map.set(key, (list = new Postings(map === this.words ? this.catalogue.number(key) : -1)));
    list.push(doc, rank);
    const bits = this.bitsOf.get(list);
    if (bits) setBit(bits, doc);
    return list;
  }

  /** Notes that `doc` holds the word numbered `word` (for the words' counts). */
  private holdWord(doc: number, word: number) {
    const end = this.wordsEnd[doc]!;
    if (end === this.docWords.length) {
      const grown = new Int32Array(end * 2);
      grown.set(this.docWords);
      this.docWords = grown;
    }
    this.docWords[end] = word;
    this.wordsEnd[doc] = end + 1;
    this.catalogue.hold(word, 1);
  }

  /** Adds a public service (replacing what was held for its id). */
  add(s: IndexedService): void {
    this.remove(s.id);
    const area = AREA_CODE.get(s.area);
    if (area === undefined) return;
    const doc = this.ids.length;
    if (doc === this.capacity) this.grow();
    this.ids.push(s.id);
    this.rows.push(s.row);
    this.changed[doc] = s.changed;
    this.nameKey.push(s.nameKey);
    this.providerKey.push(s.providerKey);
    this.created[doc] = s.created;
    this.price[doc] = s.price;
    this.updated[doc] = s.updated;
    this.area[doc] = area;
    setBit(this.aliveBits, doc);
    setBit(this.areaBits[area]!, doc);
    this.docOf.set(s.id, doc);
    this.areaCount[area]!++;
    this.wordsEnd[doc] = doc === 0 ? 0 : this.wordsEnd[doc - 1]!;
    const entries = parseVector(s.vector);
    for (const [lexeme, { weights }] of entries) {
      this.holdWord(doc, this.addPosting(this.words, lexeme, doc, wordRank(weights)).word);
    }
    for (const { words, key } of PHRASE_KEYS) {
      const first = entries.get(words[0]!);
      if (!first) continue;
      const rest = words.slice(1).map((w) => entries.get(w)?.positions);
      if (rest.some((p) => !p)) continue;
      if (first.positions.some((p) => rest.every((positions, i) => positions!.includes(p + i + 1)))) {
        this.addPosting(this.phrases, key, doc, 0);
      }
    }
  }

  /** Forgets a service (paused, deleted or changed); its postings stay, marked dead. */
  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.docOf.delete(id);
    clearBit(this.aliveBits, doc);
    this.rows[doc] = null;
    clearBit(this.areaBits[this.area[doc]!]!, doc);
    this.areaCount[this.area[doc]!]!--;
    for (let i = doc === 0 ? 0 : this.wordsEnd[doc - 1]!; i < this.wordsEnd[doc]!; i++) {
      this.catalogue.hold(this.docWords[i]!, -1);
    }
    this.dead++;
  }

  /** A search plan's lookups, answered from the words the index holds (search-plan.ts WordLookup). */
  readonly lookup = (lookups: Lookup[]): WordRow[] => this.catalogue.lookup(lookups);

  /**
   * Makes the orders of every sort and the bit sets of the common words (call once the documents
   * are in; documents added later are merged in at each query until the next build).
   */
  finish(): void {
    const n = this.ids.length;
    for (const key of ORDER_KEYS) {
      const order = Int32Array.from({ length: n }, (_, i) => i).sort(this.exactOrder(key));
      const place = new Int32Array(n);
      order.forEach((doc, i) => (place[doc] = i));
      this.orders[key] = order;
      this.places[key] = place;
    }
    this.ordered = n;
    this.catalogue.prepare();
    for (const list of [...this.words.values(), ...this.phrases.values()]) {
      if (list.length < Math.max(64, n / 32) || this.bitsOf.has(list)) continue;
      const bits = new Uint32Array(this.capacity / 32);
      for (let i = 0; i < list.length; i++) setBit(bits, list.docs[i]!);
      this.bitsOf.set(list, bits);
    }
  }

  private postingsOf(alt: Alternative): Postings | null | undefined {
    if (alt.words.length === 1) return this.words.get(alt.words[0]!) ?? null;
    if (!PHRASE_KEYS.some((p) => p.key === alt.words.join(' '))) return undefined;
    return this.phrases.get(alt.words.join(' ')) ?? null;
  }

  /**
   * Posting lists of every word that begins with `literal`, a hyphenated word or its beginning as
   * typed ("chip-le"), as the database matches it (search-sql.ts searchMatch: the prefix in
   * search_vector, where PostgreSQL keeps a hyphenated word whole).
   */
  private beginningWith(literal: string): Postings[] {
    return this.catalogue.beginningWith(literal).flatMap((w) => this.words.get(w) ?? []);
  }

  /**
   * The matches of a plan (every slot by any of its alternatives, every hyphenated literal as the
   * beginning of a word), public and within the area; with no plan, every public service of the area.
   * Undefined when the index cannot tell (a phrase it does not keep, a literal that is not a
   * hyphenated word): the caller asks the database instead.
   */
  private matches(plan: SearchPlan | null, area?: string): Matches | undefined {
    const areaCode = area === undefined ? -1 : (AREA_CODE.get(area) ?? -2);
    if (areaCode === -2) return Matches.none;
    const words = Math.ceil(this.ids.length / 32);
    const base = areaCode < 0 ? this.aliveBits : this.areaBits[areaCode]!;
    if (!plan) return Matches.ofBits(areaCode < 0 ? this.live : this.areaCount[areaCode]!, base, this.ids.length);
    if (plan.literals.some((l) => !HYPHENATED.test(l))) return undefined;
    const lists = plan.slots.map((slot) => slot.alternatives.map((a) => this.postingsOf(a)));
    if (lists.some((slot) => slot.includes(undefined))) return undefined;
    const slots = [
      ...lists.map((slot) => slot.filter((p): p is Postings => p !== null)),
      ...plan.literals.map((l) => this.beginningWith(l.toLowerCase())),
    ]
      .map((slot) => ({ slot, size: slot.reduce((n, p) => n + p.length, 0) }))
      .sort((a, b) => a.size - b.size);
    if (slots.length === 0 || slots[0]!.size === 0) return Matches.none;
    const { bits } = this;

    // Few (up to a 64th of the documents, measured at 1,000,000 services): the rarest slot's
    // documents are checked one by one; more, and whole bit sets cost less.
    if (slots[0]!.size <= this.ids.length * this.fewShare) {
      let candidates = this.documentsOf(slots[0]!.slot, base);
      for (const { slot, size } of slots.slice(1)) {
        if (candidates.length === 0) break;
        candidates = this.narrow(candidates, slot, size);
      }
      return Matches.ofList(candidates, bits, this.ids.length);
    }
    // Many: bit sets, a word (32 documents) at a time.
    bits.set(base.subarray(0, words));
    const sets: Uint32Array[] = [];
    for (const { slot } of slots) {
      const union = slot.length > 1 ? this.unionOf(slot) : this.bitsOf.get(slot[0]!);
      if (union) sets.push(union);
      else {
        // A list too short to be kept as a bit set: its bits set here.
        const own = this.slotBitsOf(slot);
        for (let w = 0; w < words; w++) bits[w]! &= own[w]!;
      }
    }
    // The kept bit sets intersected (three at a time) and the matches counted in one pass.
    while (sets.length > 3) {
      const set = sets.pop()!;
      for (let w = 0; w < words; w++) bits[w]! &= set[w]!;
    }
    const [a, b, c] = sets;
    let count = 0;
    for (let w = 0; w < words; w++) {
      let x = bits[w]!;
      if (a !== undefined) x &= a[w]!;
      if (b !== undefined) x &= b[w]!;
      if (c !== undefined) x &= c[w]!;
      bits[w] = x;
      if (x !== 0) count += popcount(x);
    }
    return Matches.ofBits(count, bits, this.ids.length);
  }

  /** A slot's documents as a bit set of its own (in scratch: valid until the next call). */
  private slotBitsOf(slot: Postings[]): Uint32Array {
    const { slotBits } = this;
    slotBits.fill(0, 0, Math.ceil(this.ids.length / 32));
    for (const p of slot) for (let i = 0; i < p.length; i++) setBit(slotBits, p.docs[i]!);
    return slotBits;
  }

  /** The documents of a slot within `base`, in document order. */
  private documentsOf(slot: Postings[], base: Uint32Array): number[] {
    if (slot.length > 1) return documentsIn(this.slotBitsOf(slot), this.ids.length, base);
    const p = slot[0]!;
    const docs: number[] = [];
    for (let i = 0; i < p.length; i++) if (hasBit(base, p.docs[i]!)) docs.push(p.docs[i]!);
    return docs;
  }

  /**
   * The candidates (in document order) that a slot also holds, still in order: through a bit set
   * (a common word's, or the kept union of many lists holding many documents: a word being typed at
   * 1,000,000 services), a merge with a single list, a binary search of a list far longer than the
   * candidates, or a bit set made for a few short lists.
   */
  private narrow(candidates: number[], slot: Postings[], size: number): number[] {
    if (slot.length > 1) {
      const set = size > candidates.length * 8 ? this.unionOf(slot) : this.slotBitsOf(slot);
      return candidates.filter((d) => hasBit(set, d));
    }
    const p = slot[0]!;
    const set = this.bitsOf.get(p);
    if (set) return candidates.filter((d) => hasBit(set, d));
    const found: number[] = [];
    const { docs, length } = p;
    if (candidates.length * 24 < length) {
      // Each candidate looked up in the list, from where the one before it was.
      let at = 0;
      for (const d of candidates) {
        at = SearchIndex.firstFrom(p, d, at);
        if (at < length && docs[at] === d) found.push(d);
      }
      return found;
    }
    for (let i = 0, j = 0; i < candidates.length && j < length; ) {
      const d = candidates[i]!;
      const e = docs[j]!;
      if (d === e) {
        found.push(d);
        i++;
        j++;
      } else if (d < e) i++;
      else j++;
    }
    return found;
  }

  /**
   * The documents of any of several posting lists (a word being typed and its completions, a word
   * and its synonyms), as a bit set kept for the next search with the same slot (the last
   * UNIONS_BYTES of them; documents added since are set when it is next used, dead ones are left to
   * the alive bits every match is intersected with).
   */
  private unionOf(lists: Postings[]): Uint32Array {
    const key = lists.map((p) => p.serial).join(',');
    let kept = this.unions.get(key);
    if (kept) this.unions.delete(key);
    else {
      kept = { bits: new Uint32Array(this.capacity / 32), upTo: 0 };
      if (this.unions.size >= Math.max(16, UNIONS_BYTES / (this.capacity / 8))) {
        this.unions.delete(this.unions.keys().next().value!);
      }
    }
    this.unions.set(key, kept);
    const { bits, upTo } = kept;
    for (const p of lists) {
      const set = upTo === 0 ? this.bitsOf.get(p) : undefined;
      if (set) for (let w = 0; w < bits.length; w++) bits[w]! |= set[w]!;
      else for (let i = SearchIndex.firstFrom(p, upTo); i < p.length; i++) setBit(bits, p.docs[i]!);
    }
    kept.upTo = this.ids.length;
    return bits;
  }

  /** The first place in a posting list (from `from` on) holding a document numbered `doc` or above. */
  private static firstFrom(p: Postings, doc: number, from = 0): number {
    let lo = from;
    let hi = p.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (p.docs[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where a document stands in a posting list (binary search), -1 when it is not there. */
  private static position(p: Postings, doc: number): number {
    let lo = 0;
    let hi = p.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = p.docs[mid]!;
      if (d === doc) return mid;
      if (d < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** A word's rank in a document (0 when it does not hold it). */
  private static rankIn(p: Postings, doc: number): number {
    const i = SearchIndex.position(p, doc);
    return i < 0 ? 0 : p.ranks[i]!;
  }

  /**
   * Best match (search-sql.ts searchRank) of each candidate: per slot, the best tier's weighed
   * ts_rank; the slots add up; compared in steps of 1/RANK_STEPS. Two ways to the same sums, the
   * cheaper one taken: through the posting lists of the plan's words (few words), or through the
   * words each candidate holds (many words: a word being typed has up to 40 completions).
   */
  private rank(plan: SearchPlan, candidates: number[]): Float64Array {
    const tiers = plan.slots.map((slot) => this.tiersOf(slot.alternatives));
    // The costs measured at 100,000 services: about 3.7 ns a posting walked or a step of a binary
    // search, 7.8 ns a word of a candidate.
    const c = candidates.length;
    let byLists = 0;
    for (const slot of tiers) {
      for (const { lists } of slot) {
        for (const p of lists) byLists += p.length <= c * 16 ? p.length : c * Math.log2(p.length);
      }
    }
    const n = this.ids.length;
    const byDocs = n === 0 ? 0 : c * 2 * (this.wordsEnd[n - 1]! / n);
    const way = this.rankWay === 'cheaper' ? (byDocs < byLists ? 'docs' : 'lists') : this.rankWay;
    this.rankedBy[way]++;
    return way === 'docs' ? this.rankByDocs(tiers, candidates) : this.rankByLists(tiers, candidates);
  }

  /** search-query.ts rankTiers with each word's posting list (words no service holds add nothing). */
  private tiersOf(alternatives: readonly Alternative[]): RankTier[] {
    return rankTiers(alternatives).map(({ weight, words }) => ({
      weight,
      lists: words.flatMap((w) => this.words.get(w) ?? []),
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
              if (mark[d] === g) tierSum[d]! += p.ranks[i]!;
            }
          } else {
            for (const d of candidates) tierSum[d]! += SearchIndex.rankIn(p, d);
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
    const { docWords, wordsEnd } = this;
    // A candidate holds each word once, so it has at most one hit per entry.
    if (this.hitEntry.length < entryList.length) {
      this.hitEntry = new Int32Array(entryList.length * 2);
      this.hitRank = new Float64Array(entryList.length * 2);
    }
    const { hitEntry, hitRank } = this;
    for (const d of candidates) {
      let hits = 0;
      for (let i = d === 0 ? 0 : wordsEnd[d - 1]!, end = wordsEnd[d]!; i < end; i++) {
        const w = docWords[i]!;
        if (!hasBit(planWords, w)) continue;
        const e0 = wordEntry[w]!;
        const rank = SearchIndex.rankIn(entryList[e0]!, d);
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

  /** A sort's order from the documents' own keys; ties by id, as in SQL. */
  private exactOrder(key: OrderKey): (a: number, b: number) => number {
    const { ids, created, price, nameKey, providerKey } = this;
    const idAsc = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    const text = (keys: string[]) => (a: number, b: number) =>
      keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : idAsc(a, b);
    switch (key) {
      case 'newest':
        return (a, b) => created[b]! - created[a]! || idAsc(b, a);
      case 'price':
        return (a, b) => price[a]! - price[b]! || idAsc(a, b);
      case 'name':
        return text(nameKey);
      case 'provider':
        return text(providerKey);
    }
  }

  /**
   * Orders two documents as the list's sort does (negative: `a` first): by their places in the
   * precomputed order, or their keys for documents added since.
   */
  private comparator(sort: Exclude<ListSortKey, 'best'>): (a: number, b: number) => number {
    const { ordered } = this;
    const { key, backwards } = ORDER_OF[sort];
    const place = this.places[key];
    const exact = this.exactOrder(key);
    const forwards = (a: number, b: number) =>
      place && a < ordered && b < ordered ? place[a]! - place[b]! : exact(a, b);
    return backwards ? (a, b) => forwards(b, a) : forwards;
  }

  /**
   * The first `n` matches in a sort's order: its precomputed order walked until `n` turn up, with
   * the documents added since merged in. Undefined when `n` have not turned up within `steps`
   * documents: the matches gather at the order's far end (a sort by name, and a search for a
   * brand its services' names begin with), where listing them costs less.
   */
  private walk(sort: Exclude<ListSortKey, 'best'>, matches: Matches, n: number, steps: number): number[] | undefined {
    const { key, backwards } = ORDER_OF[sort];
    const order = this.orders[key]!;
    const found: number[] = [];
    const end = Math.min(order.length, steps);
    let i = 0;
    for (; i < end && found.length < n; i++) {
      const d = order[backwards ? order.length - 1 - i : i]!;
      if (matches.has(d)) found.push(d);
    }
    if (found.length < n && i < order.length) return undefined;
    for (let d = this.ordered; d < this.ids.length; d++) if (matches.has(d)) found.push(d);
    return firstK(found, n, this.comparator(sort));
  }

  /**
   * The first `n` matches in a sort's order: by a walk of its order when the matches are dense
   * enough, else (or when the walk finds them gathered at its far end) by listing them. Walking an
   * order until `n` matches turn up passes about n · size / count documents, a bit test each;
   * listing the matches and keeping the first n of them costs about 8 times that per match
   * (measured at 1,000,000 services): the walk pays off once 8 · count² > n · size, and is cut
   * short past the cost of listing.
   */
  private firstInOrder(sort: Exclude<ListSortKey, 'best'>, matches: Matches, n: number): number[] {
    const listing = 8 * matches.count;
    const walked =
      this.orders.newest !== undefined && listing * matches.count > n * this.ids.length
        ? this.walk(sort, matches, n, listing)
        : undefined;
    return walked ?? firstK(matches.list(), n, this.comparator(sort));
  }

  /**
   * A page of a search (or of an area's list without one): its matches counted, ordered by `sort`
   * and cut at `offset`, `limit`. Undefined when the index cannot answer it (see `matches`).
   */
  page(
    plan: SearchPlan | null,
    area: string | undefined,
    sort: ListSortKey,
    offset: number,
    limit: number,
    rules: RankRules = { rankAll: Infinity, ranked: Infinity },
  ): IndexPage | undefined {
    const matches = this.matches(plan, area);
    if (!matches) return undefined;
    const k = offset + limit;
    let top: number[];
    if (sort !== 'best' || !plan) top = this.firstInOrder(sort === 'best' ? 'newest' : sort, matches, k);
    else {
      // Best match ranks every match, or with many, the newest `ranked` of them (as the database does).
      const candidates =
        matches.count <= rules.rankAll ? matches.list() : this.firstInOrder('newest', matches, rules.ranked);
      const scores = this.rank(plan, candidates);
      const newest = this.comparator('newest');
      top = firstK(candidates, k, (a, b) => scores[b]! - scores[a]! || newest(a, b));
    }
    const docs = top.slice(offset);
    return { services: docs.map((d) => this.rows[d]!), total: matches.count };
  }
}
