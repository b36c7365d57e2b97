/**
 * The three npm libraries, each configured as fairly as we could for Meramot's search: the same
 * tokenizer for Bangla and English (catalogue.mjs), the four fields weighted name > area > provider
 * > description, completion of the word being typed, typo tolerance where the library has it, and
 * every match returned (the list counts them exactly and sorts them by price, name and so on).
 * Each `match(slots)` answers the matches of a search (catalogue.mjs slotsOf): every slot by any of
 * its alternatives, with a score for best match (higher first).
 */
import { Document, Encoder } from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { BOOST, FIELDS, tokenize } from './catalogue.mjs';

const ALL = 10_000_000;
const FIRST = 1000;

/**
 * A search's matches from the matches of its alternatives (`lookup`, a Map of document to score):
 * every slot by any of its alternatives (the best score), the slots' scores added. FlexSearch and
 * Orama have no query of this shape that answers every match quickly, so it is done here.
 */
function combine(slots, lookup) {
  let all = null;
  for (const slot of slots) {
    const any = new Map();
    slot.alternatives.forEach((alt, i) => {
      for (const [d, s] of lookup(slot, alt, i)) if (!(any.get(d) >= s)) any.set(d, s);
    });
    all = all === null ? any : intersect(all, any);
    if (all.size === 0) break;
  }
  return { docs: Int32Array.from(all?.keys() ?? []), scores: Float64Array.from(all?.values() ?? []) };
}

/** An alternative's documents: every one of its words (`word(w, how)`, a Map), scores added. */
const everyWord = (word) => (slot, alt, i) => {
  let both = null;
  for (const [j, w] of alt.entries()) {
    const how = slot.fuzzy ? 'typo' : slot.prefix && i === 0 && j === alt.length - 1 ? 'typed' : 'word';
    const scores = word(w, how, slot);
    both = both === null ? scores : intersect(both, scores);
    if (both.size === 0) break;
  }
  return both ?? new Map();
};

/** The documents of both, their scores added. */
function intersect(a, b) {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const both = new Map();
  for (const [d, s] of small) {
    const t = large.get(d);
    if (t !== undefined) both.set(d, s + t);
  }
  return both;
}

/**
 * FlexSearch 0.8, a Document index: each field twice, whole words ("strict") for the words typed
 * and every beginning of a word ("forward") for the word being typed, plus the four fields joined
 * with the "tolerant" tokenizer (a letter missing or two swapped) for typos. Each word is looked up
 * in each field (every match: `limit` past the catalogue's size) and scored by the best field it
 * stands in (10, 4, 2, 1); the and / or of slots and alternatives is done here (combine), as its
 * Resolver took 10 to 40 times longer for the same matches at 100,000 services and, given a limit,
 * lost matches of an `and`. (FlexSearch's own order within a field is not used: it has no scores.)
 */
export function flexsearchEngine(catalogue) {
  const encoder = new Encoder({
    normalize: (s) => s.normalize('NFC').toLowerCase(),
    split: /[^\p{L}\p{M}\p{N}]+/u,
    numeric: false,
    dedupe: false,
  });
  const index = new Document({
    document: {
      id: 'id',
      index: [
        ...FIELDS.map((field) => ({ field, tokenize: 'strict', encoder })),
        ...FIELDS.map((field) => ({ field: `${field}_typed`, tokenize: 'forward', encoder, custom: (d) => d[field] })),
        { field: 'typo', tokenize: 'tolerant', encoder, custom: (d) => FIELDS.map((f) => d[f]).join(' ') },
      ],
    },
  });
  for (const text of catalogue.texts) index.add(text);
  const ids = (word, field) => index.search(word, { field, limit: ALL })[0]?.result ?? [];
  /** A word's documents, each scored by the best field holding it. */
  const word = (w, how) => {
    const scores = new Map();
    if (how === 'typo') {
      for (const d of ids(w, 'typo')) scores.set(d, 1);
      return scores;
    }
    for (const f of FIELDS) {
      const weight = BOOST[f];
      for (const d of ids(w, how === 'typed' ? `${f}_typed` : f)) if (!(scores.get(d) >= weight)) scores.set(d, weight);
    }
    return scores;
  };
  return {
    name: 'FlexSearch 0.8 (Document)',
    match: (slots) => combine(slots, everyWord(word)),
  };
}

/**
 * MiniSearch 7: the four fields with boosts 10, 4, 2, 1 (ts_rank's 1.0, 0.4, 0.2, 0.1), BM25+
 * scores, the word being typed as a prefix, typos by its fuzzy match (an edit distance), the
 * search as one query tree (AND of slots, OR of alternatives).
 */
export function minisearchEngine(catalogue) {
  const ms = new MiniSearch({
    fields: FIELDS,
    storeFields: [],
    tokenize: (text) => text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean),
    processTerm: (term) => term.normalize('NFC').toLowerCase(),
    searchOptions: { boost: BOOST },
  });
  ms.addAll(catalogue.texts);
  return {
    name: 'MiniSearch 7',
    match(slots) {
      const query = {
        combineWith: 'AND',
        queries: slots.map((slot) => ({
          combineWith: 'OR',
          queries: slot.alternatives.map((alt, i) =>
            alt.length === 1
              ? { queries: alt, prefix: slot.prefix && i === 0, fuzzy: slot.fuzzy ? slot.typo : false }
              : { combineWith: 'AND', queries: alt, prefix: false, fuzzy: false },
          ),
        })),
      };
      const results = ms.search(query);
      const docs = new Int32Array(results.length);
      const scores = new Float64Array(results.length);
      results.forEach((r, i) => {
        docs[i] = r.id;
        scores[i] = r.score;
      });
      return { docs, scores };
    },
  };
}

/**
 * Orama 3: the four fields as strings, the same tokenizer, boosts 10, 4, 2, 1, BM25 scores, typos
 * by its tolerance (an edit distance). Orama matches every word as the beginning of a word, not
 * only the one being typed: its `exact` option filters the hits afterwards with a case-sensitive
 * regular expression per document and property (`\b`, which never matches beside a Bangla
 * letter), slower and wrong for Bangla. Each word is one search over the four fields (its
 * `threshold: 0` wants every word of a search in the same field) and the and / or is done here.
 */
export function oramaEngine(catalogue) {
  const db = create({
    schema: { name: 'string', area: 'string', provider: 'string', description: 'string' },
    components: { tokenizer: { language: 'english', normalizationCache: new Map(), tokenize: (raw) => tokenize(raw) } },
  });
  insertMultiple(
    db,
    catalogue.texts.map((t) => ({
      id: String(t.id),
      name: t.name,
      area: t.area,
      provider: t.provider,
      description: t.description,
    })),
    5000,
  );
  /** A word's documents with their BM25 scores over the four fields (a typo: within the slot's allowance). */
  const word = (w, how, slot) => {
    const params = {
      term: w,
      properties: FIELDS,
      boost: BOOST,
      tolerance: how === 'typo' ? slot.typo : 0,
      limit: FIRST,
    };
    // Orama allocates an array of `limit` hits: asked again with the count when there are more.
    let result = oramaSearch(db, params);
    if (result.count > FIRST) result = oramaSearch(db, { ...params, limit: result.count });
    return new Map(result.hits.map((hit) => [Number(hit.id), hit.score]));
  };
  return {
    name: 'Orama 3',
    match: (slots) => combine(slots, everyWord(word)),
  };
}
