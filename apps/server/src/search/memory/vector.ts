import { FIELD_WEIGHT, type FieldLetter } from '../definitions';

/**
 * Reading the `tsvector` the database keeps for each service (search_vector::text): its words, the
 * positions they stand at and the weight of the field each stands in (definitions.ts FIELD_WEIGHT),
 * and each word's share of ts_rank, as PostgreSQL computes it. search-index.ts reads every document
 * added through here; postings.ts keeps the ranks with the words' posting lists.
 */

/** The sum of 1/i² (ts_rank's normalisation of a word's repeated occurrences). */
const PI2_6 = 1.64493406685;

/**
 * A word's part of ts_rank for one document (PostgreSQL's calc_rank_or): its occurrences, in
 * position order, each weighed by its field and by 1/(j+1)², the best occurrence counted whole.
 */
export function wordRank(weights: number[]): number {
  let sum = 0;
  let best = -1;
  let bestAt = 0;
  weights.forEach((w, j) => {
    sum += w / ((j + 1) * (j + 1));
    if (w > best) {
      best = w;
      bestAt = j;
    }
  });
  return (best + sum - best / ((bestAt + 1) * (bestAt + 1))) / PI2_6;
}

/** A lexeme with its positions and their weights, as `tsvector` prints them: 'word':3A,17 */
const ENTRY = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;

/** Reads a tsvector's text: each lexeme with its positions (ascending) and their weights. */
export function parseVector(text: string): Map<string, { positions: number[]; weights: number[] }> {
  const entries = new Map<string, { positions: number[]; weights: number[] }>();
  for (const m of text.matchAll(ENTRY)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions: number[] = [];
    const weights: number[] = [];
    for (const p of (m[2] ?? '').split(',').filter(Boolean)) {
      const letter = (/[A-D]$/.test(p) ? p.slice(-1) : 'D') as FieldLetter;
      positions.push(Number.parseInt(p, 10));
      weights.push(FIELD_WEIGHT[letter]);
    }
    entries.set(lexeme, { positions, weights });
  }
  return entries;
}
