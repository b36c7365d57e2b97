import { widen } from './bits';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';

/**
 * The in-memory index's documents' ids (documents.ts), services' uuids kept as 16 bytes each (four
 * 32-bit words, most significant first) instead of a 36-character string, and the live document
 * of each id in an open-addressing table of document numbers, instead of a Map from strings (a
 * quarter of their memory: docs/search.md). Ordering two
 * documents by id compares the words, which orders them as the ids' text does (lower-case hex, as
 * PostgreSQL prints a uuid). The text is made again for a page's rows.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A uuid's text as four 32-bit words; throws on anything else (services' ids are uuids). */
function wordsOf(id: string, into: Uint32Array, at: number): void {
  const hex =
    id.length === 36 ? id.slice(0, 8) + id.slice(9, 13) + id.slice(14, 18) + id.slice(19, 23) + id.slice(24) : '';
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`Not a uuid: ${id}`);
  for (let w = 0; w < 4; w++) into[at + w] = Number.parseInt(hex.slice(w * 8, w * 8 + 8), 16);
}

/** Slot values: 0 empty, -1 a removed entry (the probe goes on past it), else document + 1. */
const EMPTY = 0;
const REMOVED = -1;

export class Ids {
  /** Documents numbered so far. */
  size = 0;
  /** Ids held live (in the table). */
  live = 0;
  private words = new Uint32Array(4 * 1024);
  private slots = new Int32Array(2048);
  /** Slots not empty (live and removed). */
  private used = 0;
  private readonly probe = new Uint32Array(4);

  /** Makes room for `capacity` documents. */
  grow(capacity: number): void {
    this.words = widen(this.words, capacity * 4);
  }

  /** Numbers the next document with `id` (the caller made room); it is not live until `set`. */
  push(id: string): number {
    wordsOf(id, this.words, this.size * 4);
    return this.size++;
  }

  /** Document `doc`'s id, as text. */
  idOf(doc: number): string {
    const { words } = this;
    let hex = '';
    for (let w = doc * 4; w < doc * 4 + 4; w++) {
      const x = words[w]!;
      hex += HEX[x >>> 24]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
    }
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Orders two documents by id as their text orders (negative: `a` first). */
  compare(a: number, b: number): number {
    const { words } = this;
    for (let w = 0; w < 4; w++) {
      const x = words[a * 4 + w]!;
      const y = words[b * 4 + w]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  private hash(words: Uint32Array, at: number): number {
    // The uuid's own bits are random enough (v4 and gen_random_uuid); mixed so v1-style ids spread too.
    let h = words[at]! ^ Math.imul(words[at + 1]!, 0x9e3779b1) ^ Math.imul(words[at + 2]!, 0x85ebca6b) ^ words[at + 3]!;
    h ^= h >>> 15;
    return Math.imul(h, 0x2c1b3c6d) >>> 0;
  }

  private same(doc: number, words: Uint32Array, at: number): boolean {
    const mine = this.words;
    const d = doc * 4;
    return (
      mine[d] === words[at] &&
      mine[d + 1] === words[at + 1] &&
      mine[d + 2] === words[at + 2] &&
      mine[d + 3] === words[at + 3]
    );
  }

  /** The slot holding the id whose words are at `words[at]`, or -1. */
  private slotOf(words: Uint32Array, at: number): number {
    const mask = this.slots.length - 1;
    for (let s = this.hash(words, at) & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s]!;
      if (v === EMPTY) return -1;
      if (v !== REMOVED && this.same(v - 1, words, at)) return s;
    }
  }

  /** The live document of an id, or undefined. */
  get(id: string): number | undefined {
    if (this.live === 0) return undefined;
    try {
      wordsOf(id, this.probe, 0);
    } catch {
      return undefined;
    }
    const s = this.slotOf(this.probe, 0);
    return s < 0 ? undefined : this.slots[s]! - 1;
  }

  /** Makes `doc` its id's live document (the id must not have one: `delete` it first). */
  set(doc: number): void {
    if ((this.used + 1) * 2 > this.slots.length)
      this.rehash(Math.max(2048, 2 ** Math.ceil(Math.log2((this.live + 1) * 4))));
    const mask = this.slots.length - 1;
    let s = this.hash(this.words, doc * 4) & mask;
    while (this.slots[s] !== EMPTY) s = (s + 1) & mask;
    this.slots[s] = doc + 1;
    this.used++;
    this.live++;
  }

  /** Forgets an id's live document; returns it, or undefined when there was none. */
  delete(id: string): number | undefined {
    const doc = this.get(id);
    if (doc === undefined) return undefined;
    this.slots[this.slotOf(this.probe, 0)] = REMOVED;
    this.live--;
    return doc;
  }

  /** A table of `size` slots holding the live documents only. */
  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size);
    this.used = 0;
    this.live = 0;
    for (const v of old) if (v > 0) this.set(v - 1);
  }

  async save(w: SnapshotWriter): Promise<void> {
    await w.typed('ids.words', this.words.subarray(0, this.size * 4));
  }

  /** Takes the ids back, with room for `capacity` documents; the live ones are `set` by the caller. */
  async restore(r: SnapshotReader, capacity: number): Promise<void> {
    const words = await r.typed('ids.words', 'Uint32Array');
    this.size = words.length / 4;
    this.words = widen(words, capacity * 4);
    this.rehash(Math.max(2048, 2 ** Math.ceil(Math.log2(this.size * 2 + 1))));
  }
}
