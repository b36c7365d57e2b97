/** A letter, its marks (Bangla vowel signs, virama) or a digit: a character inside a word. */
const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}]`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The pattern that finds the search's matched terms in a text: case-insensitive, each term at the
 * start of a word (so "ac" marks "AC Repair", not "Replacement"), longest term first. Word starts
 * are found with Unicode letter classes, not `\b` (which knows only ASCII letters, so it fails on
 * Bangla script); a match takes the marks that follow it, so a Bangla letter never loses its
 * vowel sign. Null when there is nothing to find.
 */
export function highlightPattern(terms: readonly string[]): RegExp | null {
  const unique = [...new Set(terms.map((t) => t.normalize('NFC').trim()).filter(Boolean))];
  if (unique.length === 0) return null;
  unique.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<!${WORD_CHAR})(?:${unique.map(escapeRegExp).join('|')})\\p{M}*`, 'giu');
}

/** A piece of a text, found by the pattern (`match`) or not. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** The text cut into the pieces the pattern finds and those between them, in order. */
export function splitByPattern(text: string, pattern: RegExp | null): TextPart[] {
  if (!pattern || !text) return [{ text, match: false }];
  const source = text.normalize('NFC');
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of source.matchAll(pattern)) {
    if (m[0].length === 0) continue;
    if (m.index > last) parts.push({ text: source.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < source.length) parts.push({ text: source.slice(last), match: false });
  return parts;
}
