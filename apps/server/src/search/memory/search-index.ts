import type { ListSortKey, Service } from '@meramot/shared';
import { Matches } from './bits';
import { CatalogueWords } from './catalogue-words';
import { AREA_CODE, Documents, type IndexedService } from './documents';
import { firstK } from './first-k';
import { Orders } from './orders';
import { PostingIndex } from './postings';
import { Ranker, type RankWay } from './ranker';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { parseVector, wordRank } from './vector';
import { BEST_TIES, SORTS, type Lookup, type WordRow } from '../definitions';
import type { SearchPlan } from '../plan';
import type { PlaceFilter } from '../../places/catalogue';

/**
 * The public services' search postings held in memory: a copy of what the GIN index on
 * `search_vector` holds, read from the `tsvector` the database keeps (so the words, their weights
 * and positions are PostgreSQL's own), with every sort's keys. A search that its plan has
 * resolved to words and phrases (the slots of `planSearch`) is matched, counted exactly, ranked
 * and paged here in a few milliseconds whatever the number of matches, and so is a list of an
 * area without a search, with the rows the index holds. A hyphenated literal ("chip-level",
 * "t-co") matches the words that begin with it (PostgreSQL keeps a hyphenated word whole, next to
 * its parts); other literal substrings ("100%", "c:\\") still go to the database (database/match.ts).
 *
 * Documents are numbered in the order they are added and never move: a changed service gets a
 * new number and its old one is marked dead, so every posting list stays sorted by number.
 * sync.ts builds it, keeps it current and rebuilds it when too much is dead.
 *
 * This class composes the parts, each in a file of its own:
 * - documents.ts: the document store (ids, keys, rows, the public and area bits, each one's words);
 * - vector.ts: reading a document's tsvector, and each word's share of ts_rank;
 * - postings.ts (posting-list.ts): the posting lists, the bit sets of common words, the unions kept
 *   between searches, and finding a search's matches (bits.ts: bit sets, `Matches`);
 * - orders.ts: the precomputed sort orders, and the first matches in a sort's order;
 * - ranker.ts: best match;
 * - catalogue-words.ts: the catalogue's words with their counts, for planning searches.
 */

export type { IndexedService } from './documents';
export { parseVector, wordRank } from './vector';

export interface IndexPage {
  /** The page's services, as lists show them. */
  services: Service[];
  /** Every match, counted exactly. */
  total: number;
}

/** How a search's many matches are ranked (list.ts passes the list's rules). */
export interface RankRules {
  /** Up to this many matches, best match ranks them all. */
  rankAll: number;
  /** Over it, best match ranks this many of the newest matches. */
  ranked: number;
}

/** How the index computes (the tests try other ways than the defaults; answers are the same). */
export interface SearchIndexOptions {
  /**
   * Up to this share of the documents, the rarest slot's documents are narrowed one by one; more
   * go through bit sets (default 1/64, measured: docs/search.md).
   */
  fewShare?: number;
  /** How best match adds up its scores: the cheaper way for each search (default), or always one. */
  rankWay?: RankWay;
}

export class SearchIndex {
  /** The catalogue's words with the public services holding each (search_words, in memory). */
  private catalogue = new CatalogueWords();
  private docs = new Documents(this.catalogue);
  private postings: PostingIndex;
  private orders = new Orders(this.docs);
  private ranker: Ranker;
  /** Dead documents (changed or gone) still held. */
  dead = 0;
  /** Documents added or removed so far (what `placeCounts` last counted at). */
  private changes = 0;
  private counted: { at: number; counts: Map<string, number> } | undefined;

  constructor({ fewShare = 1 / 64, rankWay = 'cheaper' }: SearchIndexOptions = {}) {
    this.postings = new PostingIndex(this.catalogue, this.docs, fewShare);
    this.ranker = new Ranker(this.catalogue, this.docs, this.postings, rankWay);
  }

  /**
   * Changes the options of an index already built (the comparison tests try each way on the index
   * sync.ts builds); the answers stay the same, only their cost changes.
   */
  configure({ fewShare, rankWay }: SearchIndexOptions): void {
    if (fewShare !== undefined) this.postings.fewShare = fewShare;
    if (rankWay !== undefined) this.ranker.rankWay = rankWay;
  }

  /** The options in force. */
  get options(): Required<SearchIndexOptions> {
    return { fewShare: this.postings.fewShare, rankWay: this.ranker.rankWay };
  }

  /** Searches ranked each way. */
  get rankedBy(): Readonly<{ lists: number; docs: number }> {
    return this.ranker.rankedBy;
  }

  /** Documents ever added (alive or dead). */
  get size(): number {
    return this.docs.size;
  }

  /** Public services held. */
  get live(): number {
    return this.docs.live;
  }

  /** Documents added since the orders were made (they are merged in at each query). */
  get unordered(): number {
    return this.docs.size - this.orders.ordered;
  }

  /**
   * Takes a public service read again: added afresh when its words or keys may differ (another
   * updated_at), its row replaced when only the row changed (a booking, a review, its provider's
   * e-mail), nothing when it is unchanged.
   */
  apply(s: IndexedService): void {
    if (!this.docs.sameWords(s)) this.add(s);
    else this.docs.replaceRow(s);
  }

  /** Whether the index holds the service as it was at `changed` (µs), public. */
  holds(id: string, changed: number): boolean {
    return this.docs.holds(id, changed);
  }

  /** Adds a public service (replacing what was held for its id). */
  add(s: IndexedService): void {
    this.remove(s.id);
    const area = AREA_CODE.get(s.area);
    if (area === undefined) return;
    if (this.docs.size === this.docs.capacity) {
      const capacity = this.docs.grow();
      this.postings.grow(capacity);
      this.ranker.grow(capacity);
    }
    const doc = this.docs.add(s, area);
    this.changes++;
    const entries = parseVector(s.vector);
    const words: number[] = [];
    for (const [lexeme, { weights }] of entries) words.push(this.postings.addWord(lexeme, doc, wordRank(weights)));
    this.docs.holdWords(doc, words);
    this.postings.addPhrases(doc, entries);
  }

  /** Forgets a service (paused, deleted or changed); its postings stay, marked dead. */
  remove(id: string): void {
    if (this.docs.remove(id)) {
      this.dead++;
      this.changes++;
    }
  }

  /** Writes the index to a snapshot (snapshot.ts): every part but the scratch and what is made again. */
  async save(w: SnapshotWriter): Promise<void> {
    w.json('index', { dead: this.dead });
    await this.catalogue.save(w);
    await this.docs.save(w);
    await this.postings.save(w);
    await this.orders.save(w);
  }

  /** An index as a snapshot holds it, finished as `finish` leaves a built one. */
  static async restore(r: SnapshotReader, options?: SearchIndexOptions): Promise<SearchIndex> {
    const index = new SearchIndex(options);
    index.dead = r.json<{ dead: number }>('index').dead;
    await index.catalogue.restore(r);
    await index.docs.restore(r);
    index.postings.grow(index.docs.capacity);
    index.ranker.grow(index.docs.capacity);
    await index.postings.restore(r);
    await index.orders.restore(r);
    index.catalogue.prepare();
    return index;
  }

  /** A search plan's lookups, answered from the words the index holds (definitions.ts WordLookup). */
  readonly lookup = (lookups: Lookup[]): WordRow[] => this.catalogue.lookup(lookups);

  /**
   * Makes the orders of every sort and the bit sets of the common words (call once the documents
   * are in; documents added later are merged in at each query until the next build).
   */
  finish(): void {
    this.postings.trim();
    this.docs.trim();
    this.orders.make();
    this.catalogue.prepare();
    this.postings.keepCommon(this.docs.size);
  }

  /**
   * The matches of a plan (every slot by any of its alternatives, every hyphenated literal as the
   * beginning of a word), public and within the area; with no plan, every public service of the area.
   * Undefined when the index cannot tell (a phrase it does not keep, a literal that is not a
   * hyphenated word): the caller asks the database instead.
   */
  private matches(plan: SearchPlan | null, filter: PlaceFilter = {}): Matches | undefined {
    const { area, district, place } = filter;
    const areaCode = area === undefined ? -1 : (AREA_CODE.get(area) ?? -2);
    if (areaCode === -2) return Matches.none;
    const { docs } = this;
    let base: Uint32Array = areaCode < 0 ? docs.aliveBits : docs.areaBits[areaCode]!;
    let count = areaCode < 0 ? docs.live : docs.areaCount[areaCode]!;
    // A district or an area: the live documents naming it (the most precise place given).
    const named = place ?? district;
    if (named !== undefined) ({ bits: base, count } = docs.places.bitsOf(named, base, docs.size));
    if (!plan) return Matches.ofBits(count, base, docs.size);
    return this.postings.match(plan, base);
  }

  /** Public services per district and per area (counted again only after a change: each All Services page asks). */
  placeCounts(): Map<string, number> {
    if (this.counted?.at !== this.changes)
      this.counted = { at: this.changes, counts: this.docs.places.counts(this.docs.aliveBits) };
    return this.counted.counts;
  }

  /**
   * A page of a search (or of a place's list without one: a division, a district or an area): its matches counted, ordered by `sort`
   * and cut at `offset`, `limit`. Undefined when the index cannot answer it (see `matches`).
   */
  page(
    plan: SearchPlan | null,
    filter: PlaceFilter | undefined,
    sort: ListSortKey,
    offset: number,
    limit: number,
    rules: RankRules = { rankAll: Infinity, ranked: Infinity },
  ): IndexPage | undefined {
    const matches = this.matches(plan, filter);
    if (!matches) return undefined;
    const k = offset + limit;
    let top: number[];
    if (sort !== 'best' || !plan) top = this.orders.firstInOrder(sort === 'best' ? BEST_TIES : SORTS[sort], matches, k);
    else {
      // Best match ranks every match, or with many, the newest `ranked` of them (as the database does).
      const candidates =
        matches.count <= rules.rankAll ? matches.list() : this.orders.firstInOrder(BEST_TIES, matches, rules.ranked);
      const scores = this.ranker.rank(plan, candidates);
      const newest = this.orders.comparator(BEST_TIES);
      top = firstK(candidates, k, (a, b) => scores[b]! - scores[a]! || newest(a, b));
    }
    const docs = top.slice(offset);
    return { services: docs.map((d) => this.docs.row(d)), total: matches.count };
  }
}
