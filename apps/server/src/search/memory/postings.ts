import { VOCABULARY_PHRASES } from '@meramot/shared';
import { documentsIn, hasBit, Matches, popcount, setBit, widen } from './bits';
import type { CatalogueWords } from './catalogue-words';
import type { Documents } from './documents';
import { firstFrom, Postings, restoreLists, saveLists } from './posting-list';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { HYPHENATED } from '../definitions';
import type { Alternative } from '../parse';
import type { SearchPlan } from '../plan';

/**
 * The in-memory index's posting lists (posting-list.ts) of every word and of the vocabulary's
 * phrases, a copy of what the GIN index on `search_vector` holds, and how a search's matches are
 * found with them: every slot of its plan (plan.ts) by any of its alternatives, every hyphenated
 * literal as the beginning of a word (as database/match.ts matches it), within the public
 * documents of an area (documents.ts's bit sets). Common words keep a bit set of their own, and
 * the unions of many lists (a word being typed and its completions) are kept between searches.
 * search-index.ts orders and pages the matches (orders.ts, ranker.ts).
 */

/**
 * The memory the unions of posting lists kept between searches may take: a bit per document each,
 * so the fewer the larger the catalogue (enough at 1,000,000 services for every one- and
 * two-letter prefix being typed).
 */
const UNIONS_BYTES = 32 * 1024 * 1024;

const PHRASE_KEYS = VOCABULARY_PHRASES.map((words) => ({ words, key: words.join(' ') }));

export class PostingIndex {
  /** Each word's posting list, and each phrase's (a phrase's words at consecutive positions). */
  readonly words = new Map<string, Postings>();
  private readonly phrases = new Map<string, Postings>();
  /** Bit sets (a bit per document) of the posting lists held by many documents. */
  private bitsOf = new Map<Postings, Uint32Array>();
  /** Unions of posting lists kept between searches (unionOf), least recently used first. */
  private unions = new Map<string, { bits: Uint32Array; upTo: number }>();
  private capacity = 1024;
  // Scratch of one search (JavaScript runs one at a time).
  /** The matches (a bit per document), and a slot's own bits. */
  private bits = new Uint32Array(32);
  private slotBits = new Uint32Array(32);

  constructor(
    private readonly catalogue: CatalogueWords,
    private readonly documents: Documents,
    /** Up to this share of the documents the rarest slot's are narrowed one by one (search-index.ts options). */
    public fewShare: number,
  ) {}

  /** Makes room for `capacity` documents. */
  grow(capacity: number): void {
    for (const [p, b] of this.bitsOf) this.bitsOf.set(p, widen(b, capacity / 32));
    this.bits = new Uint32Array(capacity / 32);
    this.unions.clear();
    this.slotBits = new Uint32Array(capacity / 32);
    this.capacity = capacity;
  }

  private addPosting(map: Map<string, Postings>, key: string, doc: number, rank: number): Postings {
    let list = map.get(key);
    if (!list) map.set(key, (list = new Postings(map === this.words ? this.catalogue.number(key) : -1)));
    list.push(doc, rank);
    const bits = this.bitsOf.get(list);
    if (bits) setBit(bits, doc);
    return list;
  }

  /** Notes that `doc` (the last added) holds a word, with its rank there; returns the word's number. */
  addWord(word: string, doc: number, rank: number): number {
    return this.addPosting(this.words, word, doc, rank).word;
  }

  /** Notes the vocabulary's phrases `doc` holds (its words at consecutive positions). */
  addPhrases(doc: number, entries: Map<string, { positions: number[] }>): void {
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

  /** Keeps a bit set of every list held by many of the `n` documents (the index's build). */
  /** Every list down to its length (once the documents are in: they no longer grow much). */
  trim(): void {
    for (const list of this.words.values()) list.trim();
    for (const list of this.phrases.values()) list.trim();
  }

  keepCommon(n: number): void {
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
   * typed ("chip-le"), as the database matches it (database/match.ts: the prefix in search_vector,
   * where PostgreSQL keeps a hyphenated word whole).
   */
  private beginningWith(literal: string): Postings[] {
    return this.catalogue.beginningWith(literal).flatMap((w) => this.words.get(w) ?? []);
  }

  /**
   * The matches of a plan among the documents of `base` (the public ones, or an area's).
   * Undefined when the index cannot tell (a phrase it does not keep, a literal that is not a
   * hyphenated word): the caller asks the database instead.
   */
  match(plan: SearchPlan, base: Uint32Array): Matches | undefined {
    const n = this.documents.size;
    const words = Math.ceil(n / 32);
    if (plan.literals.some((l) => !HYPHENATED.test(l))) return undefined;
    const lists = plan.slots.map((slot) => slot.alternatives.map((a) => this.postingsOf(a)));
    if (lists.some((slot) => slot.includes(undefined))) return undefined;
    const slots = [
      ...lists.map((slot) => slot.filter((p): p is Postings => p !== null)),
      ...plan.literals.map((l) => this.beginningWith(l.toLowerCase())),
    ]
      .map((slot) => ({ slot, size: slot.reduce((sum, p) => sum + p.length, 0) }))
      .sort((a, b) => a.size - b.size);
    if (slots.length === 0 || slots[0]!.size === 0) return Matches.none;
    const { bits } = this;

    // Few (up to `fewShare` of the documents, search-index.ts options): the rarest slot's
    // documents are checked one by one; more, and whole bit sets cost less.
    if (slots[0]!.size <= n * this.fewShare) {
      let candidates = this.documentsOf(slots[0]!.slot, base);
      for (const { slot, size } of slots.slice(1)) {
        if (candidates.length === 0) break;
        candidates = this.narrow(candidates, slot, size);
      }
      return Matches.ofList(candidates, bits, n);
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
    return Matches.ofBits(count, bits, n);
  }

  /** A slot's documents as a bit set of its own (in scratch: valid until the next call). */
  private slotBitsOf(slot: Postings[]): Uint32Array {
    const { slotBits } = this;
    slotBits.fill(0, 0, Math.ceil(this.documents.size / 32));
    for (const p of slot) for (let i = 0; i < p.length; i++) setBit(slotBits, p.docs[i]!);
    return slotBits;
  }

  /** The documents of a slot within `base`, in document order. */
  private documentsOf(slot: Postings[], base: Uint32Array): number[] {
    if (slot.length > 1) return documentsIn(this.slotBitsOf(slot), this.documents.size, base);
    const p = slot[0]!;
    const docs: number[] = [];
    for (let i = 0; i < p.length; i++) if (hasBit(base, p.docs[i]!)) docs.push(p.docs[i]!);
    return docs;
  }

  /**
   * The candidates (in document order) that a slot also holds, still in order: through a bit set
   * (a common word's, or the kept union of many lists holding many documents: a word being typed in
   * a large catalogue), a merge with a single list, a binary search of a list far longer than the
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
        at = firstFrom(p, d, at);
        if (at < length && docs[at] === d) found.push(d);
      }
      return found;
    }
    for (let i = 0, j = 0; i < candidates.length && j < length;) {
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
      else for (let i = firstFrom(p, upTo); i < p.length; i++) setBit(bits, p.docs[i]!);
    }
    kept.upTo = this.documents.size;
    return bits;
  }

  /** Writes the posting lists to a snapshot. */
  async save(w: SnapshotWriter): Promise<void> {
    await saveLists(w, 'postings.words', [...this.words.values()]);
    await w.strings('postings.phrases', [...this.phrases.keys()]);
    await saveLists(w, 'postings.phrases', [...this.phrases.values()]);
  }

  /** Takes the posting lists back from a snapshot, after `grow`; the common words' bit sets are made afresh. */
  async restore(r: SnapshotReader): Promise<void> {
    for (const list of await restoreLists(r, 'postings.words')) this.words.set(this.catalogue.wordOf(list.word), list);
    const phrases = await r.strings('postings.phrases');
    (await restoreLists(r, 'postings.phrases')).forEach((list, i) => this.phrases.set(phrases[i]!, list));
    this.keepCommon(this.documents.size);
  }
}
