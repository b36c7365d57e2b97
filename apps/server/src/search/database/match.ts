import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { services } from '../../db/schema';
import { escapeLike, FIELD_WEIGHTS_ARRAY, HYPHENATED, RANK_STEPS } from '../definitions';
import { allOf, anyOf, areaQuery, rankTiers } from '../parse';
import type { SearchPlan } from '../plan';

/**
 * The database path's match and rank of a plan (SQL over search_vector and search_text): what the
 * in-memory index (memory/) computes, from the same definitions.
 */

const FIELD_WEIGHTS = sql.raw(`'${FIELD_WEIGHTS_ARRAY}'::float4[]`);

const tsquery = (text: string) => sql`${text}::tsquery`;

/** Escapes LIKE wildcards so the text matches literally, anywhere in the joined fields. */
export function likePattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/**
 * The rows a search matches: every slot through the GIN index on search_vector (with the area, when
 * one is chosen, as a term of the same lookup; the caller still checks the area itself), and every
 * literal token as a substring of the joined fields (the trigram index), `%` and `_` matched literally.
 */
export function searchMatch(plan: SearchPlan, area?: string): SQL {
  const conditions: SQL[] = [];
  const slots = plan.slots.map((s) => s.alternatives);
  const inArea = area ? areaQuery(area) : '';
  if (slots.length)
    conditions.push(sql`${services.searchVector} @@ ${tsquery([allOf(slots), inArea].filter(Boolean).join(' & '))}`);
  for (const literal of plan.literals) {
    // A hyphenated word ("chip-level", "t-con", or its beginning as typed) is a word of its own in
    // search_vector: its prefix there narrows the rows through the GIN index before the substring
    // check, which alone read every row for a short literal such as "t-c".
    if (HYPHENATED.test(literal))
      conditions.push(sql`${services.searchVector} @@ to_tsquery('simple', ${`${literal}:*`})`);
    conditions.push(sql`${services.searchText} ILIKE ${likePattern(literal)}`);
  }
  return and(...conditions)!;
}

/**
 * Best match: for each slot, the best of its alternatives by tier (exact > completion > synonym
 * > part of a word), each weighed by where it stands (name > area > provider > description); the
 * slots add up.
 */
export function searchRank(plan: SearchPlan, vector: AnyColumn | SQL.Aliased = services.searchVector): SQL<number> {
  const slotRanks = plan.slots.map((slot) => {
    // ts_rank averages an OR over its terms: times their number, a match counts the same however
    // many words the tier has. The words of a phrase are ranked as words, as the in-memory index does.
    const byTier = rankTiers(slot.alternatives).map(
      ({ tier, weight, words }) =>
        sql`${weight * words.length}::float4 * ts_rank(${FIELD_WEIGHTS}, ${vector}, ${tsquery(anyOf(words.map((w) => ({ words: [w], tier }))))})`,
    );
    return byTier.length === 1 ? byTier[0]! : sql`greatest(${sql.join(byTier, sql`, `)})`;
  });
  // Rounded to RANK_STEPS steps: ranks equal but for the float rounding of their sums tie, and fall
  // to the same order (newest first) here and in the in-memory index (memory/ranker.ts).
  return slotRanks.length
    ? sql<number>`round((${sql.join(slotRanks, sql` + `)}) * ${sql.raw(String(RANK_STEPS))})`
    : sql<number>`0::float4`;
}
