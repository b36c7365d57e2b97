import { normaliseSearchText, SEARCH_WORD, synonymGroup, VOCABULARY_PHRASES, VOCABULARY_WORDS } from '@meramot/shared';
import { TIER_WEIGHT, type Tier } from './definitions';
import { wordStem } from './word-forms';

/**
 * Reading a search text (pure functions, no database): which words the customer typed, which
 * vocabulary phrases and synonyms they stand for, and the text of the `tsquery` that matches them.
 */

/** One thing the customer asked for: a word or a vocabulary phrase. Every slot must match. */
export interface Slot {
  /** As typed (normalised), e.g. "air conditioner". */
  text: string;
  words: string[];
  /** The last word while typing: also matches the words it begins. */
  prefix: boolean;
  /** The other terms of its vocabulary group, split into words. */
  synonyms: string[][];
  /** A one-word slot's stem (word-forms.ts), made once for all that asks it; null for a phrase. */
  stem: string | null;
}

export interface ParsedSearch {
  slots: Slot[];
  /** Tokens with punctuation ("chip-level", "100%", "c:\"): matched as literal substrings. */
  literals: string[];
}

/**
 * How best match weighs a slot: for each tier it holds, its weight and its distinct words (a
 * phrase ranked by its words; the phrase itself is matched). database/match.ts and the in-memory
 * index (memory/ranker.ts) both rank from this.
 */
export function rankTiers(alternatives: readonly Alternative[]): { tier: Tier; weight: number; words: string[] }[] {
  return (Object.keys(TIER_WEIGHT) as Tier[])
    .map((tier) => ({
      tier,
      weight: TIER_WEIGHT[tier],
      words: [...new Set(alternatives.filter((a) => a.tier === tier).flatMap((a) => a.words))],
    }))
    .filter((t) => t.words.length > 0);
}

/** A term a slot matches: one word, or a phrase whose words stand side by side. */
export interface Alternative {
  words: string[];
  tier: Tier;
  /** Public services holding every word (for a phrase, at most this many hold it). */
  services?: number;
}

/** The stems of every vocabulary phrase's words, made once. */
const PHRASE_STEMS = new Map(VOCABULARY_PHRASES.map((phrase) => [phrase, phrase.map(wordStem)]));

/** The vocabulary phrase at `start`, its words as typed or in another form ("ওয়াশিং মেশিনের", "wall mounted"). */
function phraseAt(words: string[], stems: string[], start: number): string[] | undefined {
  return VOCABULARY_PHRASES.find(
    (phrase) =>
      phrase.length <= words.length - start &&
      phrase.every((w, i) => words[start + i] === w || stems[start + i] === PHRASE_STEMS.get(phrase)![i]),
  ) as string[] | undefined;
}

/** A vocabulary word by its stem: the synonyms of another form of it ("ফ্রিজের" has ফ্রিজ's, "mounted" mount's). */
const TERM_OF_STEM = new Map<string, string>();
for (const word of VOCABULARY_WORDS) {
  const stem = wordStem(word);
  if (synonymGroup(word) && !TERM_OF_STEM.has(stem)) TERM_OF_STEM.set(stem, word);
}

/** Another form of a vocabulary word ("ফ্রিজের" of ফ্রিজ): understood, so never "corrected" into another word. */
export function formOfVocabularyWord({ text, stem }: Slot): boolean {
  return stem !== null && stem !== text && TERM_OF_STEM.has(stem);
}

function slotFor(words: string[], prefix: boolean, stem: string | null): Slot {
  const text = words.join(' ');
  const group = synonymGroup(text) ?? (stem === null ? undefined : synonymGroup(TERM_OF_STEM.get(stem) ?? ''));
  const synonyms = (group ?? []).filter((term) => term !== text).map((term) => term.split(' '));
  return { text, words, prefix, synonyms, stem };
}

/**
 * Hyphens at the edges of a token are not part of a word: "t-" is a hyphenated word being typed
 * ("t-con"), searched for as "t" until its next letter comes; "-con" is "con". (As a literal
 * substring, "t-" had no trigram for an index to narrow the rows with, and read every row.)
 */
const EDGE_HYPHENS = /^-+|-+$/g;

/** Splits a search into slots (vocabulary phrases first, longest first) and literal tokens. */
export function parseSearch(text: string): ParsedSearch {
  const tokens = normaliseSearchText(text)
    .split(' ')
    .map((t) => t.replace(EDGE_HYPHENS, ''))
    .filter(Boolean);
  const literals = tokens.filter((t) => !SEARCH_WORD.test(t));
  const words = tokens.filter((t) => SEARCH_WORD.test(t));
  // The last token is still being typed only when it is a word.
  const typing = tokens.length > 0 && SEARCH_WORD.test(tokens[tokens.length - 1]!);
  const slots: Slot[] = [];
  const stems = words.map(wordStem);
  for (let i = 0; i < words.length;) {
    const phrase = phraseAt(words, stems, i);
    const taken = phrase ? phrase.length : 1;
    const last = i + taken === words.length;
    // A phrase typed in another form is searched for as the vocabulary writes it.
    const prefix = last && typing && taken === 1;
    slots.push(phrase ? slotFor([...phrase], prefix, null) : slotFor([words[i]!], prefix, stems[i]!));
    i += taken;
  }
  return { slots, literals };
}

/** A lexeme in tsquery syntax: quoted, so nothing in it is read as an operator. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery text of one alternative: a word, or a phrase with `<->` between its words. */
export function alternativeQuery(alt: Alternative): string {
  const parts = alt.words.map(lexeme);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' <-> ')})`;
}

/** Any of the alternatives (an empty list matches nothing: the caller must not ask). */
export function anyOf(alternatives: Alternative[]): string {
  return alternatives.length === 1
    ? alternativeQuery(alternatives[0]!)
    : `(${alternatives.map(alternativeQuery).join(' | ')})`;
}

/** Every slot, each by any of its alternatives. */
export function allOf(slots: Alternative[][]): string {
  return slots.map(anyOf).join(' & ');
}

/**
 * The service area as tsquery terms, so a search within an area is one GIN lookup that intersects
 * the words with the area's name. Kept apart, the planner judged the two independent: "sylhet"
 * within Chittagong (a word common in the catalogue, rare in that area) read every Chittagong
 * service (docs/search.md has the figures). Without a weight (the area stands in
 * search_vector with weight B) the index answers the terms exactly and no row is checked again;
 * the name elsewhere (a description that mentions Dhaka) is left to the caller's check of the area.
 */
export function areaQuery(area: string): string {
  return area
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(lexeme)
    .join(' & ');
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours), for typos, over
 * code points. Past `limit` it stops early and answers limit + 1 (a typo check needs no more).
 */
export function editDistance(a: string | string[], b: string | string[], limit = Infinity): number {
  const x = typeof a === 'string' ? [...a] : a;
  const y = typeof b === 'string' ? [...b] : b;
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  const n = y.length;
  // Three rows of the table: two back (for a swap), the last, the one being filled.
  let before = new Int32Array(n + 1);
  let last = Int32Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Int32Array(n + 1);
  let lastLeast = 0;
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      if (d < least) least = d;
    }
    // Every later cell builds on this row or the one before (a swap): past the limit in both, done.
    if (least > limit && lastLeast > limit) return limit + 1;
    lastLeast = least;
    [before, last, row] = [last, row, before];
  }
  return Math.min(last[n]!, limit + 1);
}

/** How many typos a word of this length may hold: none under 4 letters, 1 up to 6, then 2. */
export const typoAllowance = (word: string) => {
  const n = [...word].length;
  return n < 4 ? 0 : n <= 6 ? 1 : 2;
};

/** The code points of the vocabulary's words, split once (every correction checks them all). */
const VOCABULARY_CHARS = new Map(VOCABULARY_WORDS.map((w) => [w, [...w]]));
const charsOf = (word: string) => VOCABULARY_CHARS.get(word) ?? [...word];

export interface Candidate {
  word: string;
  /** Public services holding it (0 for a vocabulary word absent from the catalogue). */
  services: number;
}

/**
 * The closest candidate within the word's typo allowance: fewest edits, then the most services,
 * then a word the catalogue holds. Undefined when none is close enough.
 */
export function chooseCorrection(word: string, candidates: Candidate[]): string | undefined {
  const allowed = typoAllowance(word);
  const chars = [...word];
  let best: { word: string; distance: number; services: number } | undefined;
  for (const c of candidates) {
    if (c.word === word) continue;
    const distance = editDistance(chars, charsOf(c.word), allowed);
    if (distance > allowed) continue;
    if (!best || distance < best.distance || (distance === best.distance && c.services > best.services)) {
      best = { word: c.word, distance, services: c.services };
    }
  }
  return best?.word;
}
