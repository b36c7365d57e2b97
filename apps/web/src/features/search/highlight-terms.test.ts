import { describe, expect, it } from 'vitest';
import { highlightPattern, splitByPattern } from './highlight-terms';

/** The marked pieces of `text` for the terms. */
const marked = (text: string, terms: string[]) =>
  splitByPattern(text, highlightPattern(terms))
    .filter((p) => p.match)
    .map((p) => p.text);

describe('highlighting the matched terms', () => {
  it('is case-insensitive and keeps the text whole', () => {
    const parts = splitByPattern('Refrigerator Repair at Home', highlightPattern(['refrigerator', 'fridge']));
    expect(parts).toEqual([
      { text: 'Refrigerator', match: true },
      { text: ' Repair at Home', match: false },
    ]);
  });

  it('marks terms at word starts only (ac is not inside Replacement), after punctuation too', () => {
    expect(marked('AC Replacement, split-ac gas', ['ac'])).toEqual(['AC', 'ac']);
  });

  it('prefers the longest term', () => {
    expect(marked('Refrigerators and fridges', ['refrigerator', 'refrigerators', 'fridge'])).toEqual([
      'Refrigerators',
      'fridge',
    ]);
  });

  it('works for Bangla script, where \\b does not: a word start after a space, inflected words, vowel signs kept', () => {
    // In "মোবাইলের" the vowel sign ে belongs to ল: the mark ends after it, never inside a letter.
    expect(marked('মোবাইল ফোন সার্ভিসিং, মোবাইলের ব্যাটারি', ['মোবাইল'])).toEqual(['মোবাইল', 'মোবাইলে']);
    // "ফো" typed: the vowel sign that follows belongs to the letter, never cut off.
    expect(marked('ফোন', ['ফ'])).toEqual(['ফো']);
    // Not inside a word.
    expect(marked('সার্ভিসিং', ['ভিসিং'])).toEqual([]);
  });

  it('marks the whole word a search matched by its stem, as the server names it (issue 25)', () => {
    // "মোবাইল" searched: the server's terms hold the catalogue's other forms of it too.
    expect(marked('মোবাইলের ডিসপ্লে ও ব্যাটারি বদল', ['মোবাইল', 'মোবাইলের'])).toEqual(['মোবাইলের']);
    expect(marked('Smart TV Repair & Wall Mounting', ['mounted', 'mounting', 'tv'])).toEqual(['TV', 'Mounting']);
  });

  it('matches Bangla written in another Unicode form (NFD) as the NFC terms', () => {
    const nfd = 'ময়মনসিংহ'.normalize('NFD');
    expect(marked(`Repair in ${nfd}`, ['ময়মনসিংহ'])).toEqual(['ময়মনসিংহ'.normalize('NFC')]);
  });

  it('reads regex characters in terms literally', () => {
    expect(marked('C++ and c.+ (100%) [x] a|b', ['c++', '(100%)', '[x]', 'a|b'])).toEqual([
      'C++',
      '(100%)',
      '[x]',
      'a|b',
    ]);
    expect(marked('abc', ['.*'])).toEqual([]);
    expect(marked('path/to', ['path/to'])).toEqual(['path/to']);
  });

  it('finds nothing without terms', () => {
    expect(highlightPattern([])).toBeNull();
    expect(highlightPattern([' ', ''])).toBeNull();
    expect(splitByPattern('Phone', null)).toEqual([{ text: 'Phone', match: false }]);
  });
});
