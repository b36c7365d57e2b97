/**
 * A posting list of the in-memory index: the documents (by number, ascending: documents.ts numbers
 * them in the order they are added) that hold a word or a phrase, with the word's share of ts_rank
 * in each (vector.ts wordRank). postings.ts keeps one per word and phrase and matches searches
 * with them; ranker.ts adds their ranks up.
 *
 * A word's rank in a document takes few values (it depends only on the fields it stands in and
 * how often), so a list keeps each rank's number in RANKS where the single-precision rank took
 * four bytes: one byte while the process knows at most 256 ranks (8 in the generated catalogue),
 * two once a list holds a higher number.
 */

import type { SnapshotReader, SnapshotWriter } from './snapshot-file';

let postingsMade = 0;

/** Every rank the lists of this process hold, once each, by number (single precision, as they were kept). */
export const RANKS = new Float32Array(1 << 16);
let ranksKnown = 0;
const rankNumbers = new Map<number, number>();

/** The number of a rank in RANKS (given one the first time it is seen). */
export function rankNumber(rank: number): number {
  const kept = Math.fround(rank);
  let n = rankNumbers.get(kept);
  if (n === undefined) {
    // Over 65,536 different ranks would need longer numbers: the build fails, the database answers.
    if (ranksKnown === RANKS.length) throw new Error('More different word ranks than the index numbers');
    n = ranksKnown++;
    rankNumbers.set(kept, n);
    RANKS[n] = kept;
  }
  return n;
}

/** A growable posting list: document numbers (ascending) with the word's rank in each. */
export class Postings {
  /** The word's number in the catalogue's words (-1 for a phrase). */
  constructor(readonly word: number) {}
  /** Names the list in the keys of the unions kept (PostingIndex.unionOf). */
  readonly serial = postingsMade++;
  docs = new Int32Array(4);
  /** Each document's rank, as its number in RANKS (one byte while the numbers fit). */
  ranks: Uint8Array | Uint16Array = new Uint8Array(4);
  length = 0;
  push(doc: number, rank: number) {
    const n = rankNumber(rank);
    if (n > 0xff && this.ranks instanceof Uint8Array) this.ranks = Uint16Array.from(this.ranks);
    if (this.length === this.docs.length) {
      // (A list read from a snapshot is a view exactly its length: it may be empty.)
      const room = Math.max(4, this.length * 2);
      const docs = new Int32Array(room);
      docs.set(this.docs);
      this.docs = docs;
      const ranks = new (this.ranks.constructor as typeof Uint16Array)(room);
      ranks.set(this.ranks);
      this.ranks = ranks;
    }
    this.docs[this.length] = doc;
    this.ranks[this.length++] = n;
  }

  /** Gives back the room grown past its length (a list grows by doubling: a quarter spare on average). */
  trim() {
    if (this.length === 0 || this.length === this.docs.length) return;
    this.docs = this.docs.slice(0, this.length);
    this.ranks = this.ranks.slice(0, this.length);
  }
}

/** The first place in a posting list (from `from` on) holding a document numbered `doc` or above. */
export function firstFrom(p: Postings, doc: number, from = 0): number {
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
export function position(p: Postings, doc: number): number {
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
export function rankIn(p: Postings, doc: number): number {
  const i = position(p, doc);
  return i < 0 ? 0 : RANKS[p.ranks[i]!]!;
}

/** Writes posting lists to a snapshot as one section each of their words, lengths, documents and ranks. */
export async function saveLists(w: SnapshotWriter, name: string, lists: Postings[]): Promise<void> {
  await w.typed(
    `${name}.word`,
    Int32Array.from(lists, (p) => p.word),
  );
  await w.typed(
    `${name}.lengths`,
    Int32Array.from(lists, (p) => p.length),
  );
  await w.typed(
    `${name}.docs`,
    lists.map((p) => p.docs.subarray(0, p.length)),
    'Int32Array',
  );
  // One section of one kind: of bytes while every number fits one, else of two bytes each.
  const narrow = lists.every((p) => p.ranks instanceof Uint8Array);
  w.json(`${name}.rankBytes`, narrow ? 1 : 2);
  await w.typed(
    `${name}.ranks`,
    lists.map((p) => (narrow ? p.ranks : Uint16Array.from(p.ranks)).subarray(0, p.length)),
    narrow ? 'Uint8Array' : 'Uint16Array',
  );
  await w.typed(`${name}.rankValues`, RANKS.subarray(0, ranksKnown));
}

/** Posting lists written by `saveLists`, each a view of one array (until it grows). */
export async function restoreLists(r: SnapshotReader, name: string): Promise<Postings[]> {
  const word = await r.typed(`${name}.word`, 'Int32Array');
  const lengths = await r.typed(`${name}.lengths`, 'Int32Array');
  const docs = await r.typed(`${name}.docs`, 'Int32Array', lengths);
  let ranks: (Uint8Array | Uint16Array)[] =
    r.json<number>(`${name}.rankBytes`) === 1
      ? await r.typed(`${name}.ranks`, 'Uint8Array', lengths)
      : await r.typed(`${name}.ranks`, 'Uint16Array', lengths);
  // The numbers the writing process gave its ranks, made this process's.
  const values = await r.typed(`${name}.rankValues`, 'Float32Array');
  const mine = Uint16Array.from(values, (v) => rankNumber(v));
  if (mine.some((n, i) => n !== i)) {
    if (mine.some((n) => n > 0xff)) ranks = ranks.map((list) => Uint16Array.from(list));
    for (const list of ranks) for (let i = 0; i < list.length; i++) list[i] = mine[list[i]!]!;
  }
  return Array.from(word, (n, i) => {
    const list = new Postings(n);
    list.docs = docs[i]!;
    list.ranks = ranks[i]!;
    list.length = lengths[i]!;
    return list;
  });
}
