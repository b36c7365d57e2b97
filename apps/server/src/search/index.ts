/**
 * Search: what the rest of the server uses of it.
 *
 * - `listServices` and `searchServices` answer the public list (`GET /api/services`, with its
 *   search, area, sort and page) and the header search (`GET /api/search/:text`), from the
 *   in-memory index when it can answer and from the database otherwise, with the same matches,
 *   counts and order either way; `areaCounts` gives the public services per division and
 *   `placeCounts` per district and area. A place named in a search is read as a place (place-words.ts).
 * - `SearchIndexSync` builds one database's in-memory index and keeps it current
 *   (plugins/search-index.ts holds one per database and gates `/api/ready` on it).
 *
 * Inside (each file says more in its header):
 * - definitions.ts: what both paths share: tier and field weights, rank steps, the hyphen rule,
 *   LIKE escaping, the sort table, the word lookups' limits.
 * - parse.ts: reading the text (slots, phrases, synonyms, literals, typos); plan.ts: resolving it
 *   against the catalogue's words.
 * - database/: the SQL path (match and rank, the list's query plans, the word lookups).
 * - memory/: the in-memory index (documents, postings and bit sets, sort orders, ranker, words,
 *   and sync, which builds it and keeps it current).
 */
export { areaCounts, listServices, narrowPlaceCounts, placeCounts, searchServices } from './list';
export { SearchIndex } from './memory/search-index';
export { SearchIndexSync, type SearchIndexLog } from './memory/sync';
export { warmUp } from './warm-up';
