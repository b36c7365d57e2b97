import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  escapeLike,
  FORM_CANDIDATES,
  NEAREST_WORDS,
  PART_COMPLETIONS,
  PREFIX_COMPLETIONS,
  type Lookup,
  type WordLookup,
  type WordRow,
} from '../definitions';

/**
 * A plan's lookups answered from the search_words table (migration 0002: every word of the public
 * services with how many hold it), in one query. memory/catalogue-words.ts answers the same
 * lookups row for row from the index's own count.
 */

function lookupSql(lookup: Lookup): SQL {
  switch (lookup.kind) {
    case 'word':
      return sql`(SELECT 'word' AS kind, ''::text AS key, word, services FROM search_words WHERE word IN ${lookup.words})`;
    case 'prefix':
      return sql`(SELECT 'prefix' AS kind, ${lookup.key}::text AS key, word, services FROM search_words
        WHERE word LIKE ${`${escapeLike(lookup.key)}%`} AND word <> ${lookup.key}
        ORDER BY services DESC, word LIMIT ${PREFIX_COMPLETIONS})`;
    case 'form':
      return sql`(SELECT 'form' AS kind, ${lookup.key}::text AS key, word, services FROM search_words
        WHERE word LIKE ${`${escapeLike(lookup.prefix)}%`}
        ORDER BY services DESC, word LIMIT ${FORM_CANDIDATES})`;
    case 'part':
      return sql`(SELECT 'part' AS kind, ${lookup.key}::text AS key, word, services FROM search_words
        WHERE word LIKE ${`%${escapeLike(lookup.key)}%`} AND word NOT LIKE ${`${escapeLike(lookup.key)}%`}
        ORDER BY services DESC, word LIMIT ${PART_COMPLETIONS})`;
    case 'near':
      // The nearest words by trigram distance (GiST index, nearest first; ties by word).
      return sql`(SELECT 'near' AS kind, ${lookup.key}::text AS key, word, services FROM search_words
        ORDER BY word <-> ${lookup.key}::text, word LIMIT ${NEAREST_WORDS})`;
  }
}

/** The lookups answered from the search_words table, in one query. */
export const databaseWords =
  (db: Db): WordLookup =>
  (lookups) =>
    queryRows<WordRow>(db, sql.join(lookups.map(lookupSql), sql` UNION ALL `));
