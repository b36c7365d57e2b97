import {
  BANGLA_ENDINGS,
  KNOWN_BANGLA_WORDS,
  normaliseSearchText,
  VOCABULARY_WORDS,
  type BanglaEnding,
} from '@meramot/shared';
import porter2 from 'wink-porter2-stemmer';

/**
 * A word's stem, so that the forms of a word meet (issue 25): Bangla words lose their case,
 * classifier and plural endings by the rules kept as data in @meramot/shared (search-word-forms.ts),
 * English words are stemmed by Snowball's English stemmer (Porter2, as PostgreSQL's `english`
 * configuration and Lucene stem; wink-porter2-stemmer). A plan (plan.ts) looks the catalogue's
 * words up by stem, so both search paths match the same words; nothing is stored stemmed.
 */

const BENGALI = /[\u0980-\u09FF]/u;
/** Whether a word is written in Bangla script. */
export const isBangla = (word: string): boolean => BENGALI.test(word);
const ENGLISH = /^[a-z]+$/;
const LETTER = /\p{L}/gu;
const VOWEL_SIGN = /[\u09BE-\u09CC\u09D7]$/u;
/** A consonant, or a consonant with its nukta (য়, ড়) or anusvara (ং) last. */
const CONSONANT = /(?:[\u0995-\u09B9\u09DC-\u09DF]|[\u09BC\u0982\u0983])$/u;

/** Words never cut. */
const WHOLE = new Set(KNOWN_BANGLA_WORDS.map(normaliseSearchText));
/** The stems an ending may leave however unsure it is: those words and the vocabulary's (বাসায় is বাসা + য়). */
const KNOWN = new Set([...WHOLE, ...VOCABULARY_WORDS.filter((w) => BENGALI.test(w)).map(normaliseSearchText)]);

const letters = (text: string) => text.match(LETTER)?.length ?? 0;

/** Whether the ending may stand where it does in `word` (what comes before it). */
function fits(rest: string, { after, notAfter, onlyAfter }: BanglaEnding): boolean {
  if (notAfter?.some((letter) => rest.endsWith(letter))) return false;
  if (onlyAfter && !onlyAfter.some((letter) => rest.endsWith(letter))) return false;
  if (after === 'any') return true;
  return after === 'consonant' ? CONSONANT.test(rest) : VOWEL_SIGN.test(rest);
}

/**
 * Every way an ending may be cut from a Bangla word, longest ending first, whether it is sure or
 * not (a place name checks them against its own names: "উত্তরার" is উত্তরা's).
 */
export function banglaCuts(word: string): { stem: string; sure: boolean }[] {
  const cuts: { stem: string; sure: boolean }[] = [];
  for (const rule of BANGLA_ENDINGS) {
    if (!word.endsWith(rule.ending) || word.length === rule.ending.length) continue;
    const stem = word.slice(0, -rule.ending.length);
    if (fits(stem, rule)) cuts.push({ stem, sure: rule.sure });
  }
  return cuts;
}

/** A Bangla word without its ending (itself when it has none, or when cutting is not sure). */
export function banglaStem(word: string): string {
  if (WHOLE.has(word)) return word;
  const cuts = banglaCuts(word);
  // A cut that leaves a known word first (ডিসপ্লের is ডিসপ্লে + র, not ডিসপ্ল + ের), then the longest sure one.
  return cuts.find((c) => KNOWN.has(c.stem))?.stem ?? cuts.find((c) => c.sure && letters(c.stem) >= 2)?.stem ?? word;
}

/** The stem of a search word (normalised): Bangla or English; other words (models, numbers) as they are. */
export function wordStem(word: string): string {
  if (BENGALI.test(word)) return banglaStem(word);
  if (word.length >= 4 && ENGLISH.test(word)) return porter2(word);
  return word;
}

/**
 * What every word with this stem begins with: the stem itself, but for English stems ending in
 * "i" that Porter2 made of a "y" (battery, batteries → batteri): those begin with the rest.
 */
export function stemPrefix(stem: string): string {
  return ENGLISH.test(stem) && stem.endsWith('i') ? stem.slice(0, -1) : stem;
}

/** Whether the word's other forms are looked up (words of three letters or more). */
export const hasForms = (word: string): boolean => [...word].length >= 3;
