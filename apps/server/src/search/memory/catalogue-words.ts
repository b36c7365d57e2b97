import { firstK } from './first-k';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';
import {
  FORM_CANDIDATES,
  NEAREST_WORDS,
  PART_COMPLETIONS,
  PREFIX_COMPLETIONS,
  type Lookup,
  type WordRow,
} from '../definitions';

/**
 * The catalogue's words as the in-memory index holds them (search-index.ts), each with the
 * public services holding it: what the search_words table (migration 0002) holds, kept in
 * memory, so that a search is planned (plan.ts) without asking the database. Each lookup
 * is answered as that table's query answers it, row for row: the same words, counts and order,
 * and for the nearest words pg_trgm's own trigram similarity (words split at anything but letters,
 * vowel signs and digits, padded with two spaces before and one after; shared / (all of both − shared),
 * in single precision; ties by word).
 */

/**
 * A word character for pg_trgm as the databases here see it (iswalnum in C.UTF-8, and PGlite
 * alike): a letter, a vowel sign or a digit of any script, but not a virama (Bangla "্" splits a
 * word in two for trigrams).
 */
const NOT_WORD = /[^\p{Alphabetic}\p{Nd}]+/u;

/** pg_trgm's trigrams of a text (show_trgm, as strings of code points). */
export function trigramsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const token of text.toLowerCase().split(NOT_WORD)) {
    if (!token) continue;
    const chars = [' ', ' ', ...token, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) found.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return found;
}

/** pg_trgm's distance (`<->`): 1 − shared / (all of both − shared), in float4 as PostgreSQL computes it. */
export function trigramDistance(shared: number, a: number, b: number): number {
  const similarity = a <= 0 || b <= 0 ? 0 : Math.fround(Math.fround(shared) / Math.fround(a + b - shared));
  return Math.fround(1 - similarity);
}

/** Words in the database's order (code points, as the C and C.UTF-8 collations used here sort them). */
const byWord = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class CatalogueWords {
  private names: string[] = [];
  private numbers = new Map<string, number>();
  private held = new Int32Array(256);
  /** Word numbers in word order, and every trigram's words with each word's trigram count (made when first asked). */
  private sorted: number[] | null = null;
  private trigrams: Map<string, number[]> | null = null;
  private trigramCounts: number[] = [];

  /** Words numbered so far. */
  get size(): number {
    return this.names.length;
  }

  /** The word numbered `n`. */
  wordOf(n: number): string {
    return this.names[n]!;
  }

  /** The number of a word (given one the first time it is seen). */
  number(word: string): number {
    let n = this.numbers.get(word);
    if (n !== undefined) return n;
    n = this.names.length;
    this.names.push(word);
    this.numbers.set(word, n);
    if (n === this.held.length) {
      const held = new Int32Array(n * 2);
      held.set(this.held);
      this.held = held;
    }
    // Kept in order once made.
    if (this.sorted) this.sorted.splice(this.placeOf(word), 0, n);
    if (this.trigrams) this.addTrigrams(n);
    return n;
  }

  /**
   * Makes the words' order and trigram index now (the index's build calls it), not in the first
   * search that needs them, which waited for them at a large catalogue (docs/search.md).
   */
  prepare(): void {
    this.inOrder();
    this.byTrigram();
  }

  /** A public service holding the word came (+1) or went (−1). */
  hold(n: number, change: 1 | -1): void {
    this.held[n]! += change;
  }

  /** Public services holding the word (0 when none does). */
  services(word: string): number {
    const n = this.numbers.get(word);
    return n === undefined ? 0 : this.held[n]!;
  }

  private addTrigrams(n: number) {
    const trigrams = trigramsOf(this.names[n]!);
    this.trigramCounts[n] = trigrams.size;
    for (const t of trigrams) {
      let words = this.trigrams!.get(t);
      if (!words) this.trigrams!.set(t, (words = []));
      words.push(n);
    }
  }

  /** Where `text` would stand among the words in order: the first word not before it (binary search). */
  private placeOf(text: string): number {
    const sorted = this.inOrder();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.names[sorted[mid]!]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private inOrder(): number[] {
    this.sorted ??= this.names.map((_, n) => n).sort((a, b) => byWord(this.names[a]!, this.names[b]!));
    return this.sorted;
  }

  private byTrigram(): Map<string, number[]> {
    if (!this.trigrams) {
      this.trigrams = new Map();
      for (let n = 0; n < this.names.length; n++) this.addTrigrams(n);
    }
    return this.trigrams;
  }

  /** Most services first, then in word order (the table's ORDER BY services DESC, word). */
  private readonly commonest = (a: number, b: number) =>
    this.held[b]! - this.held[a]! || byWord(this.names[a]!, this.names[b]!);

  private row(kind: WordRow['kind'], key: string, n: number): WordRow {
    return { kind, key, word: this.names[n]!, services: this.held[n]! };
  }

  /** The lookups' rows, as database/words.ts databaseWords reads them from search_words. */
  lookup(lookups: Lookup[]): WordRow[] {
    return lookups.flatMap((l) => {
      if (l.kind === 'word') {
        return l.words.flatMap((w) => {
          const n = this.numbers.get(w);
          return n !== undefined && this.held[n]! > 0 ? [this.row('word', '', n)] : [];
        });
      }
      const found =
        l.kind === 'prefix'
          ? firstK(this.completions(l.key), PREFIX_COMPLETIONS, this.commonest)
          : l.kind === 'form'
            ? firstK(this.completions(l.prefix, true), FORM_CANDIDATES, this.commonest)
            : l.kind === 'part'
              ? firstK(this.containing(l.key), PART_COMPLETIONS, this.commonest)
              : this.nearest(l.key);
      return found.map((n) => this.row(l.kind, l.key, n));
    });
  }

  /** Held words that begin with `prefix`, itself included. */
  beginningWith(prefix: string): string[] {
    const n = this.numbers.get(prefix);
    const words = this.completions(prefix).map((m) => this.names[m]!);
    return n !== undefined && this.held[n]! > 0 ? [prefix, ...words] : words;
  }

  /** Held words that begin with `prefix`, other than itself unless `itself` (LIKE 'prefix%'). */
  private completions(prefix: string, itself = false): number[] {
    const sorted = this.inOrder();
    const found: number[] = [];
    for (let i = this.placeOf(prefix); i < sorted.length; i++) {
      const n = sorted[i]!;
      const name = this.names[n]!;
      if (!name.startsWith(prefix)) break;
      if ((itself || name !== prefix) && this.held[n]! > 0) found.push(n);
    }
    return found;
  }

  /**
   * Held words that contain `part` but do not begin with it (LIKE '%part%'): a word containing it
   * holds each of its trigrams without padding, so only the words of its rarest one are checked.
   */
  private containing(part: string): number[] {
    const holds = (n: number) => {
      const name = this.names[n]!;
      return this.held[n]! > 0 && name.includes(part) && !name.startsWith(part);
    };
    // (A part that is not all word characters, never asked for by a plan, is looked for in every word.)
    if (NOT_WORD.test(part)) return this.names.map((_, n) => n).filter(holds);
    const chars = [...part];
    const trigrams = this.byTrigram();
    let fewest: number[] | undefined;
    for (let i = 0; i + 3 <= chars.length; i++) {
      const words = trigrams.get(chars[i]! + chars[i + 1]! + chars[i + 2]!) ?? [];
      if (!fewest || words.length < fewest.length) fewest = words;
    }
    return (fewest ?? []).filter(holds);
  }

  /** The NEAREST_WORDS held words nearest `word` by trigram distance (ORDER BY word <-> key, word). */
  private nearest(word: string): number[] {
    const trigrams = this.byTrigram();
    const mine = trigramsOf(word);
    const shared = new Map<number, number>();
    for (const t of mine) for (const n of trigrams.get(t) ?? []) shared.set(n, (shared.get(n) ?? 0) + 1);
    const distance = new Map<number, number>();
    for (const [n, count] of shared) {
      if (this.held[n]! > 0) distance.set(n, trigramDistance(count, mine.size, this.trigramCounts[n]!));
    }
    // Fewer words share a trigram than are asked for: the rest follow at distance 1, in word order.
    if (distance.size < NEAREST_WORDS) {
      for (const n of this.inOrder()) {
        if (distance.size >= NEAREST_WORDS) break;
        if (this.held[n]! > 0 && !distance.has(n)) distance.set(n, 1);
      }
    }
    return firstK(
      [...distance.keys()],
      NEAREST_WORDS,
      (a, b) => distance.get(a)! - distance.get(b)! || byWord(this.names[a]!, this.names[b]!),
    );
  }

  /** Writes the words and their counts to a snapshot (their order and trigrams are made again). */
  async save(w: SnapshotWriter): Promise<void> {
    await w.strings('words.names', this.names);
    await w.typed('words.held', this.held.subarray(0, this.names.length));
  }

  /** Takes the words back from a snapshot, into an empty list. */
  async restore(r: SnapshotReader): Promise<void> {
    this.names = await r.strings('words.names');
    this.numbers = new Map(this.names.map((word, n) => [word, n]));
    const held = await r.typed('words.held', 'Int32Array');
    this.held = new Int32Array(Math.max(256, 2 ** Math.ceil(Math.log2(held.length + 1))));
    this.held.set(held);
    this.sorted = null;
    this.trigrams = null;
  }
}
