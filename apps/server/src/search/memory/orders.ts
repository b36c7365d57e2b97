import type { Matches } from './bits';
import type { Documents } from './documents';
import { firstK } from './first-k';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { SORTS, type SortField } from '../definitions';

/**
 * The in-memory index's sort orders: for each key a sort of definitions.ts SORTS uses, every
 * document (numbered below `ordered`, when the index was built) in ascending order of (key, id),
 * walked forwards for an ascending sort and backwards for a descending one, so its ties go by id
 * in the sort's direction as in SQL. Documents added since are merged in by their keys at each
 * query, until the next build. search-index.ts takes a page of matches (postings.ts) in a sort's
 * order from here, and best match's ties (ranker.ts scores).
 */

/** A sort: its key and direction (a value of SORTS). */
export type SortOrder = (typeof SORTS)[keyof typeof SORTS];

/** The keys the sorts use, each kept as one order. */
const FIELDS: readonly SortField[] = [...new Set(Object.values(SORTS).map((s) => s.field))];

export class Orders {
  /** Every document numbered below `ordered`, in each key's order, and its place in it. */
  private orders: Partial<Record<SortField, Int32Array>> = {};
  private places: Partial<Record<SortField, Int32Array>> = {};
  /** Documents numbered below this are in the orders. */
  ordered = 0;

  constructor(private readonly documents: Documents) {}

  /** Makes the order of every key of every document added so far (the index's build). */
  make(): void {
    const n = this.documents.size;
    // The names' keys made once for the sort (documents.ts keeps most of them as the names).
    const nameKeys = Array.from({ length: n }, (_, d) => this.documents.nameKey(d));
    for (const field of FIELDS) {
      const order = Int32Array.from({ length: n }, (_, i) => i).sort(this.ascending(field, (d) => nameKeys[d]!));
      const place = new Int32Array(n);
      order.forEach((doc, i) => (place[doc] = i));
      this.orders[field] = order;
      this.places[field] = place;
    }
    this.ordered = n;
  }

  /** A key's ascending order from the documents' own keys; ties by id, as in SQL. */
  private ascending(
    field: SortField,
    nameKey = (d: number) => this.documents.nameKey(d),
  ): (a: number, b: number) => number {
    const { ids, created, price, providerKey } = this.documents;
    const idAsc = (a: number, b: number) => ids.compare(a, b);
    const text = (key: (d: number) => string) => (a: number, b: number) => {
      const x = key(a);
      const y = key(b);
      return x < y ? -1 : x > y ? 1 : idAsc(a, b);
    };
    switch (field) {
      case 'created':
        return (a, b) => created[a]! - created[b]! || idAsc(a, b);
      case 'price':
        return (a, b) => price[a]! - price[b]! || idAsc(a, b);
      case 'name':
        return text(nameKey);
      case 'provider':
        return text((d) => providerKey[d]!);
    }
  }

  /**
   * Orders two documents as a sort does (negative: `a` first): by their places in the
   * precomputed order, or their keys for documents added since.
   */
  comparator({ field, descending }: SortOrder): (a: number, b: number) => number {
    const { ordered } = this;
    const place = this.places[field];
    const exact = this.ascending(field);
    return descending
      ? (a, b) => (place && a < ordered && b < ordered ? place[b]! - place[a]! : exact(b, a))
      : (a, b) => (place && a < ordered && b < ordered ? place[a]! - place[b]! : exact(a, b));
  }

  /**
   * The first `n` matches in a sort's order: its precomputed order walked until `n` turn up, with
   * the documents added since merged in. Undefined when `n` have not turned up within `steps`
   * documents: the matches gather at the order's far end (a sort by name, and a search for a
   * brand its services' names begin with), where listing them costs less.
   */
  private walk(sort: SortOrder, matches: Matches, n: number, steps: number): number[] | undefined {
    const order = this.orders[sort.field]!;
    const backwards = sort.descending;
    const found: number[] = [];
    const end = Math.min(order.length, steps);
    let i = 0;
    for (; i < end && found.length < n; i++) {
      const d = order[backwards ? order.length - 1 - i : i]!;
      if (matches.has(d)) found.push(d);
    }
    if (found.length < n && i < order.length) return undefined;
    for (let d = this.ordered, size = this.documents.size; d < size; d++) if (matches.has(d)) found.push(d);
    return firstK(found, n, this.comparator(sort));
  }

  /**
   * The first `n` matches in a sort's order: by a walk of its order when the matches are dense
   * enough, else (or when the walk finds them gathered at its far end) by listing them. Walking an
   * order until `n` matches turn up passes about n · size / count documents, a bit test each;
   * listing the matches and keeping the first n of them costs about 8 times that per match
   * (measured: docs/search.md): the walk pays off once 8 · count² > n · size, and is cut
   * short past the cost of listing.
   */
  firstInOrder(sort: SortOrder, matches: Matches, n: number): number[] {
    const listing = 8 * matches.count;
    const walked =
      this.orders[sort.field] !== undefined && listing * matches.count > n * this.documents.size
        ? this.walk(sort, matches, n, listing)
        : undefined;
    return walked ?? firstK(matches.list(), n, this.comparator(sort));
  }

  /** Writes the orders to a snapshot. */
  async save(w: SnapshotWriter): Promise<void> {
    w.json('orders', { ordered: this.ordered, fields: Object.keys(this.orders) });
    for (const field of FIELDS) {
      if (!this.orders[field]) continue;
      await w.typed(`orders.${field}`, this.orders[field]);
      await w.typed(`places.${field}`, this.places[field]!);
    }
  }

  /** Takes the orders back from a snapshot. */
  async restore(r: SnapshotReader): Promise<void> {
    const { ordered, fields } = r.json<{ ordered: number; fields: SortField[] }>('orders');
    for (const field of fields) {
      this.orders[field] = await r.typed(`orders.${field}`, 'Int32Array');
      this.places[field] = await r.typed(`places.${field}`, 'Int32Array');
    }
    this.ordered = ordered;
  }
}
