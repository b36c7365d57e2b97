import type { Service } from '@meramot/shared';
import { widen } from './bits';

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
  private readonly texts = new Map<string, string>();
  of(text: string): string {
    const kept = this.texts.get(text);
    if (kept !== undefined) return kept;
    this.texts.set(text, text);
    return text;
  }
}

export class Rows {
  private readonly shared = new Interned();
  private readonly name: string[] = [];
  private readonly description: string[] = [];
  private readonly image: string[] = [];
  private readonly area: string[] = [];
  private readonly providerName: string[] = [];
  private readonly providerEmail: string[] = [];
  private readonly providerImage: (string | null)[] = [];
  private readonly status: Service['status'][] = [];
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
}
