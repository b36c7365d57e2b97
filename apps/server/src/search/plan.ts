import { VOCABULARY_WORDS } from '@meramot/shared';
import type { Db } from '../db/client';
import { databaseWords } from './database/words';
import {
  chooseCorrection,
  formOfVocabularyWord,
  parseSearch,
  typoAllowance,
  type Alternative,
  type Candidate,
  type ParsedSearch,
} from './parse';
import type { Lookup, WordLookup, WordRow } from './definitions';
import { hasForms, stemPrefix, wordStem } from './word-forms';

/**
 * A search resolved against the catalogue's words (table search_words, one small query): the
 * alternatives of every slot that some public service holds, with how many services hold them.
 */

export interface ResolvedSlot {
  text: string;
  alternatives: Alternative[];
  /** Services holding any alternative, at most (the sum of their counts). */
  services: number;
}

export interface SearchPlan {
  slots: ResolvedSlot[];
  literals: string[];
  /** The text searched for instead when unknown words were corrected, else null. */
  corrected: string | null;
  /** Every word the search matches (for highlighting). */
  terms: string[];
  /** An upper bound on the matches: the smallest slot (Infinity with literals only). */
  estimate: number;
  /** Some slot matches no service at all, or nothing is left to search for: the answer is empty without asking. */
  empty: boolean;
}

function lookupsOf(parsed: ParsedSearch, near: string[]): Lookup[] {
  const words = [...new Set(parsed.slots.flatMap((s) => [...s.words, ...s.synonyms.flat()]))];
  const lookups: Lookup[] = words.length ? [{ kind: 'word', words }] : [];
  const stems = new Set<string>();
  for (const slot of parsed.slots) {
    const [word] = slot.words;
    const { stem } = slot;
    if (stem === null || !word) continue;
    if (hasForms(word) && !stems.has(stem)) {
      stems.add(stem);
      lookups.push({ kind: 'form', key: stem, prefix: stemPrefix(stem) });
    }
    if (slot.prefix) lookups.push({ kind: 'prefix', key: word });
    if ([...word].length >= 3) lookups.push({ kind: 'part', key: word });
  }
  for (const word of near) lookups.push({ kind: 'near', key: word });
  return lookups;
}

function resolve(parsed: ParsedSearch, rows: WordRow[]): ResolvedSlot[] {
  const count = new Map(rows.filter((r) => r.kind === 'word').map((r) => [r.word, r.services]));
  const holds = (words: string[]) => Math.min(...words.map((w) => count.get(w) ?? 0));
  return parsed.slots.map((slot) => {
    const alternatives: Alternative[] = [];
    let services = 0;
    const add = (words: string[], tier: Alternative['tier'], n = holds(words)) => {
      if (n > 0 && !alternatives.some((a) => a.words.join(' ') === words.join(' '))) {
        alternatives.push({ words, tier, services: n });
        services += n;
      }
    };
    add(slot.words, 'exact');
    // The word's other forms: the catalogue's words with its stem ("মোবাইলের" for "মোবাইল").
    const { stem } = slot;
    if (stem !== null && hasForms(slot.text))
      for (const r of rows)
        if (r.kind === 'form' && r.key === stem && wordStem(r.word) === stem) add([r.word], 'form', r.services);
    for (const r of rows)
      if (r.kind === 'prefix' && r.key === slot.text && slot.prefix) add([r.word], 'prefix', r.services);
    for (const synonym of slot.synonyms) add(synonym, 'synonym');
    for (const r of rows) if (r.kind === 'part' && r.key === slot.text) add([r.word], 'part', r.services);
    return { text: slot.text, alternatives, services };
  });
}

function planOf(parsed: ParsedSearch, slots: ResolvedSlot[], corrected: string | null): SearchPlan {
  const terms = [...new Set([...slots.flatMap((s) => s.alternatives.flatMap((a) => a.words)), ...parsed.literals])];
  return {
    slots,
    literals: parsed.literals,
    corrected,
    terms,
    estimate: slots.length ? Math.min(...slots.map((s) => s.services)) : Infinity,
    // Some slot matches nothing, or nothing is left to search for (a search of hyphens only).
    empty: slots.some((s) => s.alternatives.length === 0) || (slots.length === 0 && parsed.literals.length === 0),
  };
}

/**
 * Resolves a search. Words that match no service are replaced by the closest known word (the
 * catalogue's words by trigram distance and the vocabulary's, within a few edits), and the
 * corrected text is searched instead and reported.
 */
export async function planSearch(source: Db | WordLookup, text: string): Promise<SearchPlan> {
  const words = typeof source === 'function' ? source : databaseWords(source);
  const parsed = parseSearch(text);
  if (parsed.slots.length === 0) return planOf(parsed, [], null);
  const rows = await words(lookupsOf(parsed, []));
  const slots = resolve(parsed, rows);
  const unknown = parsed.slots.filter(
    (s, i) =>
      slots[i]!.alternatives.length === 0 &&
      s.words.length === 1 &&
      typoAllowance(s.text) > 0 &&
      !formOfVocabularyWord(s),
  );
  if (unknown.length === 0) return planOf(parsed, slots, null);

  const near = await words(
    lookupsOf(
      { slots: [], literals: [] },
      unknown.map((s) => s.text),
    ),
  );
  const corrections = new Map<string, string>();
  for (const slot of unknown) {
    const candidates: Candidate[] = [
      ...near.filter((r) => r.key === slot.text).map((r) => ({ word: r.word, services: r.services })),
      ...VOCABULARY_WORDS.map((word) => ({ word, services: 0 })),
    ];
    const correction = chooseCorrection(slot.text, candidates);
    if (correction) corrections.set(slot.text, correction);
  }
  if (corrections.size === 0) return planOf(parsed, slots, null);
  const correctedText = [...parsed.slots.map((s) => corrections.get(s.text) ?? s.text), ...parsed.literals].join(' ');
  const reparsed = parseSearch(correctedText);
  const corrected = resolve(reparsed, await words(lookupsOf(reparsed, [])));
  return planOf(reparsed, corrected, correctedText);
}
