import type { Service } from '@meramot/shared';
import { widen } from './bits';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { Texts } from './texts';
import { placeCatalogue } from '../../places/catalogue';

/**
 * The rows lists show, kept compactly for the in-memory index's documents (documents.ts): a
 * column per field instead of an object per service. Numbers go into typed arrays, the two
 * timestamps as milliseconds (a list's ISO strings come back exactly: they were made from
 * milliseconds), and the texts many services share (their provider's name, e-mail and photo, a
 * stock image, the area, district and areas, the status) are kept once, in a table, each row holding their numbers
 * there; the names and descriptions are kept as bytes (texts.ts). A row takes its name's and
 * description's bytes and a few dozen more. A page's rows are made into Service objects when it is
 * answered.
 */

/** The columns of texts many rows share (a row holds each one's number in the shared table). */
const SHARED = [
  'image',
  'area',
  'district',
  'areas',
  'providerName',
  'providerEmail',
  'providerImage',
  'status',
] as const;
type SharedColumn = (typeof SHARED)[number];

export class Rows {
  /** Every shared text once (null too: a provider without a photo), and each one's number. */
  private shared: (string | null)[] = [];
  private sharedNumber = new Map<string | null, number>();
  private columns = Object.fromEntries(SHARED.map((c) => [c, new Int32Array(1024)])) as Record<
    SharedColumn,
    Int32Array
  >;
  private readonly name = new Texts();
  private readonly description = new Texts();
  private price = new Float64Array(1024);
  private bookings = new Int32Array(1024);
  /** NaN while the service has no reviews (null in the row). */
  private rating = new Float64Array(1024);
  private reviewCount = new Int32Array(1024);
  private verified = new Uint8Array(1024);
  private createdMs = new Float64Array(1024);
  private updatedMs = new Float64Array(1024);

  /** Makes room for `capacity` documents (documents.ts grows every part by doubling). */
  grow(capacity: number): void {
    for (const c of SHARED) this.columns[c] = widen(this.columns[c], capacity);
    this.name.grow(capacity);
    this.description.grow(capacity);
    this.price = widen(this.price, capacity);
    this.bookings = widen(this.bookings, capacity);
    this.rating = widen(this.rating, capacity);
    this.reviewCount = widen(this.reviewCount, capacity);
    this.verified = widen(this.verified, capacity);
    this.createdMs = widen(this.createdMs, capacity);
    this.updatedMs = widen(this.updatedMs, capacity);
  }

  private numberOf(text: string | null): number {
    let n = this.sharedNumber.get(text);
    if (n === undefined) {
      n = this.shared.length;
      this.shared.push(text);
      this.sharedNumber.set(text, n);
    }
    return n;
  }

  /** Keeps document `doc`'s row (the next document, or one held whose row changed). */
  set(doc: number, row: Service): void {
    this.name.set(doc, row.serviceName);
    this.description.set(doc, row.serviceDescription);
    const { columns } = this;
    columns.image[doc] = this.numberOf(row.serviceImage);
    columns.area[doc] = this.numberOf(row.serviceArea);
    columns.district[doc] = this.numberOf(row.serviceDistrict);
    // A service's areas as one text (a provider's services mostly share them): ids hold no comma.
    columns.areas[doc] = this.numberOf(row.serviceAreas.join(','));
    columns.providerName[doc] = this.numberOf(row.providerName);
    columns.providerEmail[doc] = this.numberOf(row.providerEmail);
    columns.providerImage[doc] = this.numberOf(row.providerImage);
    columns.status[doc] = this.numberOf(row.status);
    this.price[doc] = row.servicePrice;
    this.bookings[doc] = row.bookings;
    this.rating[doc] = row.rating ?? Number.NaN;
    this.reviewCount[doc] = row.reviewCount;
    this.verified[doc] = row.providerVerified ? 1 : 0;
    this.createdMs[doc] = Date.parse(row.createdAt);
    this.updatedMs[doc] = Date.parse(row.updatedAt);
  }

  /** Document `doc`'s district (null: the division only) and areas. */
  placesOf(doc: number): { district: string | null; areas: string } {
    return {
      district: this.shared[this.columns.district[doc]!] ?? null,
      areas: this.shared[this.columns.areas[doc]!]!,
    };
  }

  /** Document `doc`'s name (empty once it is dead). */
  nameOf(doc: number): string {
    return this.name.get(doc);
  }

  /** Gives back the room the texts grew past what they hold. */
  trim(): void {
    this.name.trim();
    this.description.trim();
  }

  /** Lets a dead document's texts go. */
  clear(doc: number): void {
    this.name.clear(doc);
    this.description.clear(doc);
  }

  /** Document `doc`'s row as lists show it; `id` is its id. */
  get(doc: number, id: string): Service {
    const rating = this.rating[doc]!;
    const text = (c: SharedColumn) => this.shared[this.columns[c][doc]!]!;
    const district = this.shared[this.columns.district[doc]!] ?? null;
    const areas = text('areas') ? text('areas').split(',') : [];
    return {
      _id: id,
      serviceName: this.name.get(doc),
      serviceDescription: this.description.get(doc),
      servicePrice: this.price[doc]!,
      serviceArea: text('area'),
      serviceDistrict: district,
      serviceAreas: areas,
      places: placeCatalogue().labels(district, areas),
      serviceImage: text('image'),
      providerName: text('providerName'),
      providerEmail: text('providerEmail'),
      providerImage: this.shared[this.columns.providerImage[doc]!] ?? null,
      providerVerified: this.verified[doc] === 1,
      status: text('status') as Service['status'],
      bookings: this.bookings[doc]!,
      rating: Number.isNaN(rating) ? null : rating,
      reviewCount: this.reviewCount[doc]!,
      createdAt: new Date(this.createdMs[doc]!).toISOString(),
      updatedAt: new Date(this.updatedMs[doc]!).toISOString(),
    };
  }

  private get numbers() {
    const { price, bookings, rating, reviewCount, verified, createdMs, updatedMs } = this;
    return { price, bookings, rating, reviewCount, verified, createdMs, updatedMs };
  }

  /** Writes the first `n` rows to a snapshot (documents.ts). */
  async save(w: SnapshotWriter, n: number): Promise<void> {
    await this.name.save(w, 'rows.name', n);
    await this.description.save(w, 'rows.description', n);
    w.json('rows.shared', this.shared);
    for (const c of SHARED) await w.typed(`rows.${c}`, this.columns[c].subarray(0, n));
    for (const [name, values] of Object.entries(this.numbers)) await w.typed(`rows.${name}`, values.subarray(0, n));
  }

  /** Takes the rows back from a snapshot, with room for `capacity` documents. */
  async restore(r: SnapshotReader, capacity: number): Promise<void> {
    await this.name.restore(r, 'rows.name', capacity);
    await this.description.restore(r, 'rows.description', capacity);
    this.shared = r.json<(string | null)[]>('rows.shared');
    this.sharedNumber = new Map(this.shared.map((text, n) => [text, n]));
    for (const c of SHARED) this.columns[c] = widen(await r.typed(`rows.${c}`, 'Int32Array'), capacity);
    this.price = widen(await r.typed('rows.price', 'Float64Array'), capacity);
    this.bookings = widen(await r.typed('rows.bookings', 'Int32Array'), capacity);
    this.rating = widen(await r.typed('rows.rating', 'Float64Array'), capacity);
    this.reviewCount = widen(await r.typed('rows.reviewCount', 'Int32Array'), capacity);
    this.verified = widen(await r.typed('rows.verified', 'Uint8Array'), capacity);
    this.createdMs = widen(await r.typed('rows.createdMs', 'Float64Array'), capacity);
    this.updatedMs = widen(await r.typed('rows.updatedMs', 'Float64Array'), capacity);
  }
}
