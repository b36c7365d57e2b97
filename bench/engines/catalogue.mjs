/**
 * What every library engine of the comparison shares, so that only the library differs: the
 * public services read from PostgreSQL as the hand-written index reads them (batches in id order,
 * the rows as lists show them, held in memory like the index holds them), the words the catalogue
 * holds (to tell a typo from a known word), and the sort orders, area filter, exact count and page
 * cut that the API asks of any engine (the hand-written index has its own of each).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { AREAS, LIST_WINDOW } from '@meramot/shared';

const BATCH = 5000;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
const AREA_CODE = new Map(AREAS.map((a, i) => [a, i]));

/** One tokenizer for every library: NFC, lower case, runs of letters (with their marks) and digits. */
const SPLIT = /[^\p{L}\p{M}\p{N}]+/u;
export const tokenize = (text) => text.normalize('NFC').toLowerCase().split(SPLIT).filter(Boolean);

/** The searchable fields and their weights (ts_rank's A, B, C, D: name, area, provider, description). */
export const FIELDS = ['name', 'area', 'provider', 'description'];
export const BOOST = { name: 10, area: 4, provider: 2, description: 1 };

export class Catalogue {
  rows = [];
  ids = [];
  /** Per document: the searchable text, read once for the library and then dropped. */
  texts = [];
  created = [];
  price = [];
  area = [];
  nameKey = [];
  providerKey = [];
  words = new Set();
  /** The catalogue's words sorted, for "does any word begin with ...". */
  sortedWords = [];
  places = {};
  orders = {};
  areaCount = new Int32Array(AREAS.length);

  get size() {
    return this.rows.length;
  }

  add(r, service) {
    const code = AREA_CODE.get(r.serviceArea);
    if (code === undefined) return;
    const doc = this.rows.length;
    this.rows.push(service);
    this.ids.push(r.id);
    this.created.push(Number(r.created));
    this.price.push(Number(r.servicePrice));
    this.area.push(code);
    this.nameKey.push(r.nameKey);
    this.providerKey.push(r.providerKey);
    this.areaCount[code]++;
    const text = {
      id: doc,
      name: r.serviceName.normalize('NFC'),
      area: r.serviceArea,
      provider: r.providerName.normalize('NFC'),
      description: r.serviceDescription.normalize('NFC'),
    };
    for (const f of FIELDS) for (const w of tokenize(text[f])) this.words.add(w);
    this.texts.push(text);
  }

  /** The orders of every sort, as the API sorts (ties by id), and the typed arrays the queries read. */
  finish() {
    const n = this.rows.length;
    this.created = Float64Array.from(this.created);
    this.price = Float64Array.from(this.price);
    this.area = Uint8Array.from(this.area);
    const { ids, created, price, nameKey, providerKey } = this;
    const idAsc = (a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0);
    const text = (keys) => (a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : idAsc(a, b));
    const compare = {
      newest: (a, b) => created[b] - created[a] || idAsc(b, a),
      price: (a, b) => price[a] - price[b] || idAsc(a, b),
      name: text(nameKey),
      provider: text(providerKey),
    };
    for (const [key, cmp] of Object.entries(compare)) {
      const order = Int32Array.from({ length: n }, (_, i) => i).sort(cmp);
      const place = new Int32Array(n);
      order.forEach((d, i) => (place[d] = i));
      this.orders[key] = order;
      this.places[key] = place;
    }
    this.sortedWords = [...this.words].sort();
    this.nameKey = this.providerKey = null;
  }

  /** Whether the catalogue holds a word beginning with `prefix` (the word itself included). */
  hasPrefix(prefix) {
    const w = this.sortedWords;
    let lo = 0;
    let hi = w.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (w[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < w.length && w[lo].startsWith(prefix);
  }

  /** A page of a list without a search: the sort's order walked, the area kept. */
  list(area, sort, offset, limit) {
    const code = area === undefined ? -1 : (AREA_CODE.get(area) ?? -2);
    if (code === -2) return this.answer([], 0, false);
    const { key, backwards } = ORDER_OF[sort === 'best' ? 'newest' : sort];
    const order = this.orders[key];
    const found = [];
    for (let i = 0; i < order.length && found.length < offset + limit; i++) {
      const d = order[backwards ? order.length - 1 - i : i];
      if (code < 0 || this.area[d] === code) found.push(d);
    }
    const total = code < 0 ? this.size : this.areaCount[code];
    return this.answer(found.slice(offset), total, false);
  }

  /**
   * A page of a search's matches (document numbers; `scores` aligned with them, higher first, for
   * best match; without scores best match keeps the library's order): the area kept, every match
   * counted, the first offset + limit in the sort's order, newest first among equals.
   */
  page(docs, scores, area, sort, offset, limit) {
    const code = area === undefined ? -1 : (AREA_CODE.get(area) ?? -2);
    if (code === -2) return this.answer([], 0, true);
    const kept = [];
    for (let i = 0; i < docs.length; i++) if (code < 0 || this.area[docs[i]] === code) kept.push(i);
    const k = offset + limit;
    let compare;
    if (sort === 'best') {
      const newest = this.places.newest;
      compare = scores ? (i, j) => scores[j] - scores[i] || newest[docs[i]] - newest[docs[j]] : (i, j) => i - j;
    } else {
      const { key, backwards } = ORDER_OF[sort];
      const place = this.places[key];
      compare = backwards ? (i, j) => place[docs[j]] - place[docs[i]] : (i, j) => place[docs[i]] - place[docs[j]];
    }
    const top = firstK(kept, k, compare).slice(offset);
    return this.answer(
      top.map((i) => docs[i]),
      kept.length,
      true,
    );
  }

  /** The API's answer: the page's services and the count as the list reports it (capped at LIST_WINDOW). */
  answer(docs, total, windowed) {
    const services = docs.map((d) => this.rows[d]);
    const capped = windowed && total > LIST_WINDOW;
    return { services, total: capped ? LIST_WINDOW : total, capped };
  }
}

const ORDER_OF = {
  newest: { key: 'newest', backwards: false },
  'price-low': { key: 'price', backwards: false },
  'price-high': { key: 'price', backwards: true },
  name: { key: 'name', backwards: false },
  provider: { key: 'provider', backwards: false },
};

/** The first `k` items in `compare` order (a bounded heap, worst on top). */
export function firstK(items, k, compare) {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.slice().sort(compare).slice(0, k);
  const heap = [];
  const worse = (a, b) => compare(heap[a], heap[b]) > 0;
  const swap = (a, b) => ([heap[a], heap[b]] = [heap[b], heap[a]]);
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && worse(l, m)) m = l;
        if (r < heap.length && worse(r, m)) m = r;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
    }
  }
  return heap.sort(compare);
}

/** Every public service read from the database (as the hand-written index reads them), into a Catalogue. */
export async function readCatalogue(server, db) {
  const { services, users, serviceColumns, toApiService, isPublic } = server;
  const columns = {
    ...serviceColumns,
    created: sql`(extract(epoch from ${services.createdAt}) * 1000000)::int8::text`,
    nameKey: sql`lower(${services.serviceName})`,
    providerKey: sql`lower(${services.providerName})`,
  };
  const catalogue = new Catalogue();
  for (let after = FIRST_ID; ;) {
    const rows = await db
      .select(columns)
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(and(isPublic, gt(services.id, after)))
      .orderBy(asc(services.id))
      .limit(BATCH);
    for (const r of rows) catalogue.add(r, toApiService(r));
    if (rows.length < BATCH) break;
    after = rows.at(-1).id;
  }
  catalogue.finish();
  return catalogue;
}

/**
 * A search as the libraries are asked it: the server's own reading of the text (parse: the
 * vocabulary's phrases and synonyms, the last word being typed), each slot a choice of
 * alternatives (a word, or the words of a phrase, all of them), every slot required. A slot none
 * of whose alternatives the catalogue holds is searched with the library's typo tolerance (within
 * the server's allowance: 1 edit up to 6 letters, then 2), or, without one, matches nothing.
 */
export function slotsOf(server, catalogue, text) {
  const { slots, literals } = server.parseSearch(text);
  const out = slots.map((s) => ({
    prefix: s.prefix,
    alternatives: [s.words, ...s.synonyms].map((words) => words.flatMap(tokenize)).filter((a) => a.length),
    typo: s.words.length === 1 ? server.typoAllowance(s.text) : 0,
  }));
  // A literal ("chip-level", "1-2") is its words.
  for (const l of literals) for (const w of tokenize(l)) out.push({ prefix: false, alternatives: [[w]], typo: 0 });
  for (const slot of out) {
    const known = slot.alternatives.some((alt, i) =>
      alt.every((w, j) =>
        slot.prefix && i === 0 && j === alt.length - 1 ? catalogue.hasPrefix(w) : catalogue.words.has(w),
      ),
    );
    slot.fuzzy = !known && slot.typo > 0;
    slot.none = !known && !slot.fuzzy;
  }
  return out.filter((s) => s.alternatives.length);
}
