import { describe, expect, it } from 'vitest';
import { initialOf } from './provider-photo';

/** Names in both scripts, and the graphemes that need more than one code point. */
const NAMES = [
  'Rahim Uddin',
  'fatema akter',
  'রহিম উদ্দিন',
  'শাহনাজ পারভীন',
  'ক্ষমা রায়',
  'স্বপ্না দাস',
  'শ্রাবণী সেন',
  'জ্যোতি',
  'ন্ত্র',
  'দ্ব্যর্থ',
  'ঋতু',
  'অর্ক',
  'ৎ',
  'ক্\u200Cষ',
  '\u09CDক',
  'Émile',
  'e\u0301mile',
  '👩‍🔧 Rina',
  '🇧🇩 Dhaka',
  'Ｒahim',
  '  Nusrat  ',
];

describe('initialOf', () => {
  it('takes the first grapheme as Intl.Segmenter does, upper-cased', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const name of NAMES) {
      const first = segmenter.segment(name.trim())[Symbol.iterator]().next().value?.segment ?? '?';
      expect([name, initialOf(name)]).toEqual([name, first.toUpperCase()]);
    }
  });

  it('writes a question mark for a blank name', () => {
    expect(initialOf('   ')).toBe('?');
  });
});
