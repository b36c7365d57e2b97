import { AREAS, type Service } from '@meramot/shared';
import { Rows } from './rows';
import { clearBit, hasBit, setBit, widen } from './bits';
import type { CatalogueWords } from './catalogue-words';
import { Ids } from './ids';
import { PlaceLists, placesNamed } from './place-lists';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';

/**
 * The in-memory index's document store: every service added gets the next number and keeps it
 * (a changed service is added again under a new number, its old one marked dead), with its id, the
 * keys it is sorted by (read by orders.ts), its row as lists show it, a bit per document for the
 * public ones and for each area's (intersected with every search's matches in postings.ts), and the
 * numbers of the words it holds (read by ranker.ts; they keep catalogue-words.ts's counts of
 * public services per word). The arrays grow by doubling: search-index.ts grows the other parts'
 * per-document arrays along with these.
 *
 * The fields are read directly by the other parts of the index (in their hot loops) and written
 * only here.
 */

/** One service as the index reads it (sync.ts). */
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

/** Each area's number (its bit set in `areaBits`, its count in `areaCount`). */
export const AREA_CODE = new Map<string, number>(AREAS.map((a, i) => [a, i]));

export class Documents {
  /** Each document's id, and the live document of each public service (ids.ts). */
  readonly ids = new Ids();
  /** Documents the arrays hold room for (a multiple of 32). */
  capacity = 1024;
  created = new Float64Array(1024);
  price = new Float64Array(1024);
  area = new Uint8Array(1024);
  updated = new Float64Array(1024);
  changed = new Float64Array(1024);
  /** Each document's row, kept compactly (rows.ts). */
  private readonly rows = new Rows();
  /**
   * lower(service_name) of the documents whose name's own toLowerCase() is not it (PostgreSQL's
   * lower and JavaScript's differ on a few letters): the others' is made from the name when needed.
   */
  private nameKeys = new Map<number, string>();
  /** lower(provider_name): one string per provider (a provider has many services). */
  providerKey: string[] = [];
  private readonly providerKeys = new Map<string, string>();
  /** The public documents, and each area's. */
  aliveBits = new Uint32Array(32);
  readonly areaBits = AREAS.map(() => new Uint32Array(32));
  readonly areaCount = new Int32Array(AREAS.length);
  /** The documents of each district and area (place-lists.ts). */
  readonly places = new PlaceLists();
  /**
   * The word numbers of every document, one document after another, each document's in ascending
   * order as the differences from the one before (the first from 0), 7 bits a byte, the high bit
   * set on every byte of a number but its last: about a byte a word instead of four (the memory
   * saved is in docs/search.md). Document d's bytes end at wordsEnd[d]; `wordsHeld` counts them all.
   */
  docWords = new Uint8Array(1 << 16);
  wordsEnd = new Int32Array(1024);
  wordsHeld = 0;

  constructor(private readonly catalogue: CatalogueWords) {}

  /** Documents ever added (alive or dead). */
  get size(): number {
    return this.ids.size;
  }

  /** Public services held. */
  get live(): number {
    return this.ids.live;
  }

  /** The live document of a public service, or undefined. */
  docOf(id: string): number | undefined {
    return this.ids.get(id);
  }

  /** Document `doc`'s id. */
  idOf(doc: number): string {
    return this.ids.idOf(doc);
  }

  /** Doubles the room for documents; returns the new capacity. */
  grow(): number {
    const n = this.capacity * 2;
    this.created = widen(this.created, n);
    this.price = widen(this.price, n);
    this.updated = widen(this.updated, n);
    this.changed = widen(this.changed, n);
    this.area = widen(this.area, n);
    this.wordsEnd = widen(this.wordsEnd, n);
    this.ids.grow(n);
    this.rows.grow(n);
    this.aliveBits = widen(this.aliveBits, n / 32);
    for (let a = 0; a < this.areaBits.length; a++) this.areaBits[a] = widen(this.areaBits[a]!, n / 32);
    this.capacity = n;
    return n;
  }

  /**
   * Takes a public service in as the next document (of area number `area`; the caller has made
   * room, see `grow`) with no words yet (`holdWords`); returns its number.
   */
  add(s: IndexedService, area: number): number {
    const doc = this.ids.push(s.id);
    this.rows.set(doc, s.row);
    this.places.add(doc, placesNamed(s.row.serviceDistrict, s.row.serviceAreas.join(',')));
    this.changed[doc] = s.changed;
    if (s.row.serviceName.toLowerCase() !== s.nameKey) this.nameKeys.set(doc, s.nameKey);
    let providerKey = this.providerKeys.get(s.providerKey);
    if (providerKey === undefined) this.providerKeys.set(s.providerKey, (providerKey = s.providerKey));
    this.providerKey.push(providerKey);
    this.created[doc] = s.created;
    this.price[doc] = s.price;
    this.updated[doc] = s.updated;
    this.area[doc] = area;
    setBit(this.aliveBits, doc);
    setBit(this.areaBits[area]!, doc);
    this.ids.set(doc);
    this.areaCount[area]!++;
    this.wordsEnd[doc] = doc === 0 ? 0 : this.wordsEnd[doc - 1]!;
    return doc;
  }

  /** Notes the words (their numbers, each once) that `doc`, the last added, holds (and counts them). */
  holdWords(doc: number, words: number[]): void {
    words.sort((x, y) => x - y);
    let end = this.wordsEnd[doc]!;
    if (end + words.length * 5 > this.docWords.length) {
      this.docWords = widen(this.docWords, Math.max(this.docWords.length * 2, end + words.length * 5));
    }
    const bytes = this.docWords;
    let previous = 0;
    for (const word of words) {
      let x = word - previous;
      previous = word;
      while (x >= 0x80) {
        bytes[end++] = (x & 0x7f) | 0x80;
        x >>>= 7;
      }
      bytes[end++] = x;
      this.catalogue.hold(word, 1);
    }
    this.wordsEnd[doc] = end;
    this.wordsHeld += words.length;
  }

  /** The word numbers `doc` holds, in ascending order. */
  wordsOf(doc: number): number[] {
    const words: number[] = [];
    const bytes = this.docWords;
    for (let i = this.wordsStart(doc), end = this.wordsEnd[doc]!, word = 0; i < end;) {
      let x = 0;
      let shift = 0;
      let b: number;
      do {
        b = bytes[i++]!;
        x += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      word += x;
      words.push(word);
    }
    return words;
  }

  /** Gives back the room `docWords` and the rows' texts grew past what they hold (once the documents are in). */
  trim(): void {
    const used = this.size === 0 ? 0 : this.wordsEnd[this.size - 1]!;
    if (used > 0 && used < this.docWords.length) this.docWords = this.docWords.slice(0, used);
    this.rows.trim();
  }

  /** Where document `doc`'s words begin in `docWords` (they end at `wordsEnd[doc]`). */
  wordsStart(doc: number): number {
    return doc === 0 ? 0 : this.wordsEnd[doc - 1]!;
  }

  /** Marks a service's document dead (its words no longer counted); false when none is held. */
  remove(id: string): boolean {
    const doc = this.ids.delete(id);
    if (doc === undefined) return false;
    clearBit(this.aliveBits, doc);
    this.rows.clear(doc);
    clearBit(this.areaBits[this.area[doc]!]!, doc);
    this.areaCount[this.area[doc]!]!--;
    for (const word of this.wordsOf(doc)) this.catalogue.hold(word, -1);
    return true;
  }

  /**
   * Whether the service is held with the same words, keys and places (the same updated_at, µs, and
   * the same district and areas: a place given to it later, places/backfill.ts, leaves updated_at).
   */
  sameWords(s: IndexedService): boolean {
    const doc = this.ids.get(s.id);
    if (doc === undefined || this.updated[doc] !== s.updated) return false;
    const held = this.rows.placesOf(doc);
    return held.district === s.row.serviceDistrict && held.areas === s.row.serviceAreas.join(',');
  }

  /** Takes a held service's row when it changed (its words and keys the same: `sameWords`). */
  replaceRow(s: IndexedService): void {
    const doc = this.ids.get(s.id)!;
    if (this.changed[doc] === s.changed) return;
    this.rows.set(doc, s.row);
    this.changed[doc] = s.changed;
  }

  /** lower(service_name) of a live document (what the sort by name orders). */
  nameKey(doc: number): string {
    return this.nameKeys.get(doc) ?? this.rows.nameOf(doc).toLowerCase();
  }

  /** A live document's row as lists show it. */
  row(doc: number): Service {
    return this.rows.get(doc, this.ids.idOf(doc));
  }

  /** Whether the index holds the service as it was at `changed` (µs), public. */
  holds(id: string, changed: number): boolean {
    const doc = this.ids.get(id);
    return doc !== undefined && this.changed[doc] === changed;
  }

  /** Writes the store to a snapshot (snapshot.ts). */
  async save(w: SnapshotWriter): Promise<void> {
    const n = this.size;
    w.json('documents', { capacity: this.capacity, areaCount: [...this.areaCount], wordsHeld: this.wordsHeld });
    await this.ids.save(w);
    w.json('documents.nameKeys', [...this.nameKeys]);
    await w.strings('documents.providerKey', this.providerKey);
    for (const [name, a] of Object.entries({
      created: this.created,
      price: this.price,
      area: this.area,
      updated: this.updated,
      changed: this.changed,
      wordsEnd: this.wordsEnd,
    })) {
      await w.typed(`documents.${name}`, a.subarray(0, n));
    }
    await w.typed('documents.docWords', this.docWords.subarray(0, n === 0 ? 0 : this.wordsEnd[n - 1]!));
    await w.typed('documents.aliveBits', this.aliveBits);
    await w.typed('documents.areaBits', this.areaBits);
    await this.rows.save(w, n);
  }

  /** Takes the store back from a snapshot, into an empty store. */
  async restore(r: SnapshotReader): Promise<void> {
    const { capacity, areaCount, wordsHeld } = r.json<{ capacity: number; areaCount: number[]; wordsHeld: number }>(
      'documents',
    );
    this.wordsHeld = wordsHeld;
    this.capacity = capacity;
    await this.ids.restore(r, capacity);
    this.nameKeys = new Map(r.json<[number, string][]>('documents.nameKeys'));
    this.providerKey = await r.strings('documents.providerKey');
    for (const key of this.providerKey) this.providerKeys.set(key, key);
    this.created = widen(await r.typed('documents.created', 'Float64Array'), capacity);
    this.price = widen(await r.typed('documents.price', 'Float64Array'), capacity);
    this.area = widen(await r.typed('documents.area', 'Uint8Array'), capacity);
    this.updated = widen(await r.typed('documents.updated', 'Float64Array'), capacity);
    this.changed = widen(await r.typed('documents.changed', 'Float64Array'), capacity);
    this.wordsEnd = widen(await r.typed('documents.wordsEnd', 'Int32Array'), capacity);
    this.docWords = await r.typed('documents.docWords', 'Uint8Array');
    this.aliveBits = await r.typed('documents.aliveBits', 'Uint32Array');
    const areaBits = await r.typed(
      'documents.areaBits',
      'Uint32Array',
      this.areaBits.map(() => capacity / 32),
    );
    areaBits.forEach((bits, a) => (this.areaBits[a] = bits));
    this.areaCount.set(areaCount);
    await this.rows.restore(r, capacity);
    for (let d = 0; d < this.ids.size; d++) if (hasBit(this.aliveBits, d)) this.ids.set(d);
    // The place lists are made again from the rows (the live documents' are all that is read).
    this.places.clear();
    for (let d = 0; d < this.ids.size; d++) {
      if (!hasBit(this.aliveBits, d)) continue;
      const { district, areas } = this.rows.placesOf(d);
      this.places.add(d, placesNamed(district, areas));
    }
  }
}
