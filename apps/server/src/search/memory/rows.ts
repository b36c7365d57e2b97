import type { Service } from '@meramot/shared';
import { widen } from './bits';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';

/**
 * The rows lists show, kept compactly for the in-memory index's documents (documents.ts): a
 * column per field instead of an object per service. Numbers go into typed arrays, the two
 * timestamps as milliseconds (a list's ISO strings come back exactly: they were made from
 * milliseconds), and the texts many services share (their provider's name, e-mail and photo, a
 * stock image, the area) are kept once. At 1,000,000 services a row object and its own strings
 * took about 600 bytes; here a row takes its name and description and about 90 bytes more.
 * A page's rows are made into Service objects when it is answered.
 */

/** One copy of each text many rows share. */
class Interned {
  readonly texts = new Map<string, string>();
  of(text: string): string {
    const kept = this.texts.get(text);
    if (kept !== undefined) return kept;
    this.texts.set(text, text);
    return text;
  }
}

export class Rows {
  private readonly shared = new Interned();
  private name: string[] = [];
  private description: string[] = [];
  private image: string[] = [];
  private area: string[] = [];
  private providerName: string[] = [];
  private providerEmail: string[] = [];
  private providerImage: (string | null)[] = [];
  private status: Service['status'][] = [];
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
    this.price = widen(this.price, capacity);
    this.bookings = widen(this.bookings, capacity);
    this.rating = widen(this.rating, capacity);
    this.reviewCount = widen(this.reviewCount, capacity);
    this.verified = widen(this.verified, capacity);
    this.createdMs = widen(this.createdMs, capacity);
    this.updatedMs = widen(this.updatedMs, capacity);
  }

  /** Keeps document `doc`'s row (the next document, or one held whose row changed). */
  set(doc: number, row: Service): void {
    this.name[doc] = row.serviceName;
    this.description[doc] = row.serviceDescription;
    this.image[doc] = this.shared.of(row.serviceImage);
    this.area[doc] = this.shared.of(row.serviceArea);
    this.providerName[doc] = this.shared.of(row.providerName);
    this.providerEmail[doc] = this.shared.of(row.providerEmail);
    this.providerImage[doc] = row.providerImage === null ? null : this.shared.of(row.providerImage);
    this.status[doc] = row.status;
    this.price[doc] = row.servicePrice;
    this.bookings[doc] = row.bookings;
    this.rating[doc] = row.rating ?? Number.NaN;
    this.reviewCount[doc] = row.reviewCount;
    this.verified[doc] = row.providerVerified ? 1 : 0;
    this.createdMs[doc] = Date.parse(row.createdAt);
    this.updatedMs[doc] = Date.parse(row.updatedAt);
  }

  /** Lets a dead document's texts go. */
  clear(doc: number): void {
    this.name[doc] = '';
    this.description[doc] = '';
  }

  /** Document `doc`'s row as lists show it; `id` is its id. */
  get(doc: number, id: string): Service {
    const rating = this.rating[doc]!;
    return {
      _id: id,
      serviceName: this.name[doc]!,
      serviceDescription: this.description[doc]!,
      servicePrice: this.price[doc]!,
      serviceArea: this.area[doc]!,
      serviceImage: this.image[doc]!,
      providerName: this.providerName[doc]!,
      providerEmail: this.providerEmail[doc]!,
      providerImage: this.providerImage[doc] ?? null,
      providerVerified: this.verified[doc] === 1,
      status: this.status[doc]!,
      bookings: this.bookings[doc]!,
      rating: Number.isNaN(rating) ? null : rating,
      reviewCount: this.reviewCount[doc]!,
      createdAt: new Date(this.createdMs[doc]!).toISOString(),
      updatedAt: new Date(this.updatedMs[doc]!).toISOString(),
    };
  }

  /** The columns of texts many rows share, written to a snapshot as numbers into one table. */
  private get sharedColumns() {
    return {
      image: this.image,
      area: this.area,
      providerName: this.providerName,
      providerEmail: this.providerEmail,
      providerImage: this.providerImage,
      status: this.status,
    };
  }

  private get numberColumns() {
    const { price, bookings, rating, reviewCount, verified, createdMs, updatedMs } = this;
    return { price, bookings, rating, reviewCount, verified, createdMs, updatedMs };
  }

  /** Writes the first `n` rows to a snapshot (documents.ts). */
  async save(w: SnapshotWriter, n: number): Promise<void> {
    await w.strings('rows.name', this.name.slice(0, n));
    await w.strings('rows.description', this.description.slice(0, n));
    // Every shared text once; a column holds each row's text's number in that table (-1: null).
    const table = new Map<string, number>();
    for (const [column, texts] of Object.entries(this.sharedColumns)) {
      const codes = new Int32Array(n);
      for (let d = 0; d < n; d++) {
        const text = texts[d];
        if (text === null || text === undefined) codes[d] = -1;
        else {
          let code = table.get(text);
          if (code === undefined) table.set(text, (code = table.size));
          codes[d] = code;
        }
      }
      await w.typed(`rows.${column}`, codes);
    }
    await w.strings('rows.shared', [...table.keys()]);
    for (const [column, values] of Object.entries(this.numberColumns))
      await w.typed(`rows.${column}`, values.subarray(0, n));
  }

  /** Takes the rows back from a snapshot, with room for `capacity` documents. */
  async restore(r: SnapshotReader, capacity: number): Promise<void> {
    this.name = await r.strings('rows.name');
    this.description = await r.strings('rows.description');
    const shared = await r.strings('rows.shared');
    for (const text of shared) this.shared.texts.set(text, text);
    const column = async (name: string) =>
      Array.from(await r.typed(`rows.${name}`, 'Int32Array'), (c) => (c < 0 ? null : shared[c]!));
    this.image = (await column('image')) as string[];
    this.area = (await column('area')) as string[];
    this.providerName = (await column('providerName')) as string[];
    this.providerEmail = (await column('providerEmail')) as string[];
    this.providerImage = await column('providerImage');
    this.status = (await column('status')) as Service['status'][];
    this.price = widen(await r.typed('rows.price', 'Float64Array'), capacity);
    this.bookings = widen(await r.typed('rows.bookings', 'Int32Array'), capacity);
    this.rating = widen(await r.typed('rows.rating', 'Float64Array'), capacity);
    this.reviewCount = widen(await r.typed('rows.reviewCount', 'Int32Array'), capacity);
    this.verified = widen(await r.typed('rows.verified', 'Uint8Array'), capacity);
    this.createdMs = widen(await r.typed('rows.createdMs', 'Float64Array'), capacity);
    this.updatedMs = widen(await r.typed('rows.updatedMs', 'Float64Array'), capacity);
  }
}
