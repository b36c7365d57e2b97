import { hasBit, setBit, widen } from './bits';

/**
 * The documents of each place (issue 24): for every district and area id, the documents that name
 * it, in the order they were added (so each list is sorted). Dead documents stay listed until the
 * index is built again; `bitsOf` keeps only the live ones. A filter by place is a bit set made from
 * its list (about a millisecond for the 90,000 services of Dhaka district at a million), which a
 * search's matching then starts from, as it starts from an area's bits (documents.ts).
 */
export class PlaceLists {
  private lists = new Map<string, { docs: Int32Array; length: number }>();

  /** Notes that document `doc` (the last added) names these places. */
  add(doc: number, places: readonly string[]): void {
    for (const place of places) {
      let list = this.lists.get(place);
      if (!list) this.lists.set(place, (list = { docs: new Int32Array(16), length: 0 }));
      if (list.length === list.docs.length) list.docs = widen(list.docs, list.docs.length * 2);
      list.docs[list.length++] = doc;
    }
  }

  /**
   * The live documents naming `place`, as a bit set over `size` documents (within `base`, the
   * public documents or an area's), and how many there are.
   */
  bitsOf(place: string, base: Uint32Array, size: number): { bits: Uint32Array; count: number } {
    const bits = new Uint32Array(Math.max(1, Math.ceil(size / 32)));
    const list = this.lists.get(place);
    let count = 0;
    if (list)
      for (let i = 0; i < list.length; i++) {
        const doc = list.docs[i]!;
        if (hasBit(base, doc)) {
          setBit(bits, doc);
          count++;
        }
      }
    return { bits, count };
  }

  /** Live documents per place (`alive`: the public documents' bits). */
  counts(alive: Uint32Array): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [place, list] of this.lists) {
      let n = 0;
      for (let i = 0; i < list.length; i++) if (hasBit(alive, list.docs[i]!)) n++;
      if (n > 0) counts.set(place, n);
    }
    return counts;
  }

  /** Forgets every list (a restore makes them again from the rows). */
  clear(): void {
    this.lists.clear();
  }
}

/** The places a service's row names: its district, then its areas (as rows.ts keeps them). */
export function placesNamed(district: string | null, areas: string): string[] {
  const places = district ? [district] : [];
  if (areas) places.push(...areas.split(','));
  return places;
}
