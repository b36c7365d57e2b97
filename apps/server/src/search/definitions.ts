import type { ListSortKey } from '@meramot/shared';

/**
 * What both search paths (the database's SQL in database/, the in-memory index in memory/) must
 * agree on, defined once: the SQL is built from these values and the index computes with them.
 */

/**
 * How a term came to be searched for; best match weighs them in this order. `form`: another form
 * of the word typed, found by its stem (word-forms.ts: "মোবাইলের" for "মোবাইল", "mounting" for
 * "mounted"), just under the form typed.
 */
export type Tier = 'exact' | 'form' | 'prefix' | 'synonym' | 'part';
export const TIER_WEIGHT: Record<Tier, number> = { exact: 1, form: 0.95, prefix: 0.9, synonym: 0.7, part: 0.5 };

/**
 * ts_rank's weight of a word by the field it stands in: search_vector marks the name A, the area
 * B, the provider C and the description D (migration 0001).
 */
export const FIELD_WEIGHT = { D: 0.1, C: 0.2, B: 0.4, A: 1.0 } as const;
export type FieldLetter = keyof typeof FIELD_WEIGHT;

/** The weights as ts_rank takes them: an array in the order D, C, B, A. */
export const FIELD_WEIGHTS_ARRAY = `{${(['D', 'C', 'B', 'A'] as const).map((l) => FIELD_WEIGHT[l].toFixed(1)).join(', ')}}`;

/**
 * A rank is compared in steps of 1/RANK_STEPS: ranks equal but for the float rounding of their
 * sums tie, and fall to the same order (newest first) on both paths.
 */
export const RANK_STEPS = 10_000;

/**
 * Letters or digits joined by hyphens ("chip-level", "wi-fi", "t-c"): PostgreSQL keeps such a word
 * whole in search_vector (beside its parts), so both paths match it as the beginning of a word.
 */
export const HYPHENATED = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+$/u;

/** Escapes LIKE's wildcards and its escape character, so a text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keys services are sorted by. */
export type SortField = 'created' | 'price' | 'name' | 'provider';

/**
 * Every sort but best match: its key and direction. Ties go by id in the same direction, so every
 * order is total and the same on both paths. `name` and `provider` compare lower-cased text in
 * the database's collation (code points here).
 */
export const SORTS: Record<Exclude<ListSortKey, 'best'>, { field: SortField; descending: boolean }> = {
  newest: { field: 'created', descending: true },
  'price-low': { field: 'price', descending: false },
  'price-high': { field: 'price', descending: true },
  name: { field: 'name', descending: false },
  provider: { field: 'provider', descending: false },
};

/** Best match's ties, and its candidates when there are many: the newest. */
export const BEST_TIES = SORTS.newest;

/** Completions of the word being typed, most common first ("a" becomes the 40 commonest a-words). */
export const PREFIX_COMPLETIONS = 40;
/** Longer catalogue words containing a typed word of 3 letters or more ("top" in "laptop"). */
export const PART_COMPLETIONS = 10;
/**
 * The commonest catalogue words beginning with a stem that are checked for having that stem (the
 * forms of a word: "mount" → mount, mounting, mounted; not mountain).
 */
export const FORM_CANDIDATES = 60;

/** A row of a lookup: a catalogue word and the public services holding it. */
export interface WordRow {
  kind: Lookup['kind'];
  /** The typed word a completion or correction is for, the stem of a form ('' for a word looked up as it is). */
  key: string;
  word: string;
  services: number;
}

/**
 * What a plan asks of the catalogue's words: how many services hold `words`; the commonest
 * completions of a word being typed (`prefix`); the words that may be forms of a stem (`form`:
 * beginning with it; the plan keeps those whose stem it is); the commonest longer words containing a word
 * (`part`); the words nearest a misspelt word by trigram distance (`near`, checked afterwards by
 * edit distance). The database answers them from search_words (database/words.ts), the in-memory
 * index from its own count of the same words (memory/catalogue-words.ts), row for row alike.
 */
export type Lookup =
  | { kind: 'word'; words: string[] }
  | { kind: 'prefix' | 'part' | 'near'; key: string }
  /** The commonest FORM_CANDIDATES words beginning with `prefix` (the word itself too), for the stem `key`. */
  | { kind: 'form'; key: string; prefix: string };

/** Where a plan's lookups are answered. */
export type WordLookup = (lookups: Lookup[]) => Promise<WordRow[]> | WordRow[];

/** How many nearest words a misspelt word is checked against. */
export const NEAREST_WORDS = 8;
