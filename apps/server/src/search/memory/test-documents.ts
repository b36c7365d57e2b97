import type { Service } from '@meramot/shared';
import { CatalogueWords } from './catalogue-words';
import { AREA_CODE, Documents, type IndexedService } from './documents';
import { PostingIndex } from './postings';
import { parseVector, wordRank } from './vector';
import type { Tier } from '../definitions';
import type { SearchPlan } from '../plan';
import { placeCatalogue } from '../../places/catalogue';

/**
 * For the in-memory index's unit tests (no database): hand-made services, each field's words
 * weighed as search_vector weighs them (name A, area B, provider C, description D; migration 0001)
 * at consecutive positions, a hyphenated word followed by its parts as PostgreSQL's parser gives
 * them; the documents and postings put together as search-index.ts does; hand-made plans.
 */

export interface TestService {
  id: string;
  name: string;
  area?: string;
  /** A district id and area ids (issue 24); none by default. */
  district?: string;
  areas?: string[];
  provider?: string;
  description?: string;
  price?: number;
  /** created_at in µs (default: the id's number, so later ids are newer). */
  created?: number;
  updated?: number;
  changed?: number;
}

/** search_vector::text of the fields, as PostgreSQL prints it (D unmarked). */
export function vectorOf(fields: [text: string, weight: 'A' | 'B' | 'C' | 'D'][]): string {
  const entries = new Map<string, string[]>();
  let position = 1;
  const put = (word: string, weight: string) => {
    entries.set(word, [...(entries.get(word) ?? []), weight === 'D' ? `${position}` : `${position}${weight}`]);
    position++;
  };
  for (const [text, weight] of fields) {
    for (const word of text.toLowerCase().split(/\s+/).filter(Boolean)) {
      put(word, weight);
      if (word.includes('-')) for (const part of word.split('-')) put(part, weight);
    }
  }
  return [...entries]
    .map(([word, positions]) => `'${word.replace(/'/g, "''").replace(/\\/g, '\\\\')}':${positions.join(',')}`)
    .join(' ');
}

/** A number's id, as the database would hold a uuid: in the same order as the numbers. */
export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function indexed(s: TestService): IndexedService {
  const area = s.area ?? 'Dhaka';
  const provider = s.provider ?? 'Rahim';
  const created = s.created ?? Number(s.id.slice(-12)) * 1_000_000;
  return {
    id: s.id,
    created,
    price: s.price ?? 1000,
    area,
    nameKey: s.name.toLowerCase(),
    providerKey: provider.toLowerCase(),
    vector: vectorOf([
      [s.name, 'A'],
      [area, 'B'],
      [provider, 'C'],
      [s.description ?? '', 'D'],
    ]),
    updated: s.updated ?? created,
    changed: s.changed ?? s.updated ?? created,
    row: {
      _id: s.id,
      serviceName: s.name,
      serviceDescription: s.description ?? '',
      servicePrice: s.price ?? 1000,
      serviceArea: area,
      serviceDistrict: s.district ?? null,
      serviceAreas: s.areas ?? [],
      places: placeCatalogue().labels(s.district ?? null, s.areas ?? []),
      serviceImage: '/images/test.webp',
      providerName: provider,
      providerEmail: `${provider.toLowerCase()}@example.com`,
      providerImage: null,
      providerVerified: false,
      status: 'active',
      bookings: 0,
      rating: null,
      reviewCount: 0,
      createdAt: new Date(created / 1000).toISOString(),
      updatedAt: new Date((s.updated ?? created) / 1000).toISOString(),
    } satisfies Service,
  };
}

/** The documents and postings as search-index.ts builds them, without the orders and ranker. */
export function build(fewShare = 1 / 64) {
  const catalogue = new CatalogueWords();
  const documents = new Documents(catalogue);
  const postings = new PostingIndex(catalogue, documents, fewShare);
  const add = (t: TestService) => {
    const s = indexed(t);
    documents.remove(s.id);
    if (documents.size === documents.capacity) postings.grow(documents.grow());
    const doc = documents.add(s, AREA_CODE.get(s.area)!);
    const entries = parseVector(s.vector);
    documents.holdWords(
      doc,
      [...entries].map(([word, { weights }]) => postings.addWord(word, doc, wordRank(weights))),
    );
    postings.addPhrases(doc, entries);
    return doc;
  };
  return { catalogue, documents, postings, add };
}

/** A plan of slots, each of alternatives: a word or a phrase's words, of the tier given (else exact). */
export const planOf = (
  slots: (string | string[] | { words: string[]; tier: Tier })[][],
  literals: string[] = [],
): SearchPlan => ({
  slots: slots.map((alternatives) => ({
    text: '',
    alternatives: alternatives.map((a) =>
      typeof a === 'string' ? { words: [a], tier: 'exact' } : Array.isArray(a) ? { words: a, tier: 'exact' } : a,
    ),
    services: 0,
  })),
  literals,
  corrected: null,
  terms: [],
  estimate: 0,
  empty: false,
});
