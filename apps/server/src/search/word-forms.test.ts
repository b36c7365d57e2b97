import { describe, expect, it } from 'vitest';
import { normaliseSearchText } from '@meramot/shared';
import { banglaStem, stemPrefix, wordStem } from './word-forms';

/**
 * The Bangla stemmer word by word (issue 25): real words with their case, classifier and plural
 * endings, each with the stem it must give, and the look-alikes that must stay themselves.
 */
const BANGLA: [word: string, stem: string][] = [
  // Genitive -এর / -ের after a consonant.
  ['মোবাইলের', 'মোবাইল'],
  ['ফোনের', 'ফোন'],
  ['ফ্রিজের', 'ফ্রিজ'],
  ['ল্যাপটপের', 'ল্যাপটপ'],
  ['স্ক্রিনের', 'স্ক্রিন'],
  ['মেশিনের', 'মেশিন'],
  ['কম্পিউটারের', 'কম্পিউটার'],
  ['চার্জারের', 'চার্জার'],
  ['ফ্রিজারের', 'ফ্রিজার'],
  ['মনিটরের', 'মনিটর'],
  ['প্রিন্টারের', 'প্রিন্টার'],
  ['স্পিকারের', 'স্পিকার'],
  ['মাদারবোর্ডের', 'মাদারবোর্ড'],
  ['কিবোর্ডের', 'কিবোর্ড'],
  ['ওভেনের', 'ওভেন'],
  ['দোকানের', 'দোকান'],
  ['কাজের', 'কাজ'],
  ['মাসের', 'মাস'],
  ['মানের', 'মান'],
  ['শহরের', 'শহর'],
  ['গ্যাসের', 'গ্যাস'],
  ['মোটরের', 'মোটর'],
  ['প্যানেলের', 'প্যানেল'],
  ['ক্যাবলের', 'ক্যাবল'],
  ['সার্ভিসের', 'সার্ভিস'],
  ['মেরামতের', 'মেরামত'],
  // Genitive -র after a vowel.
  ['টিভির', 'টিভি'],
  ['এসির', 'এসি'],
  ['ব্যাটারির', 'ব্যাটারি'],
  ['মিস্ত্রির', 'মিস্ত্রি'],
  ['ক্যামেরার', 'ক্যামেরা'],
  ['ঘণ্টার', 'ঘণ্টা'],
  ['ডিসপ্লের', 'ডিসপ্লে'],
  ['ঘড়ির', 'ঘড়ি'],
  ['বাড়ির', 'বাড়ি'],
  ['ওয়ারেন্টির', 'ওয়ারেন্টি'],
  // Locative -এ / -ে, -তে, -য়.
  ['ফোনে', 'ফোন'],
  ['মোবাইলে', 'মোবাইল'],
  ['ল্যাপটপে', 'ল্যাপটপ'],
  ['দোকানে', 'দোকান'],
  ['কম্পিউটারে', 'কম্পিউটার'],
  ['ফ্রিজে', 'ফ্রিজ'],
  ['যন্ত্রাংশে', 'যন্ত্রাংশ'],
  ['মাদারবোর্ডে', 'মাদারবোর্ড'],
  ['জিন্দাবাজারে', 'জিন্দাবাজার'],
  ['দিনে', 'দিন'],
  ['টিভিতে', 'টিভি'],
  ['এসিতে', 'এসি'],
  ['ক্যামেরাতে', 'ক্যামেরা'],
  ['পানিতে', 'পানি'],
  ['বাসায়', 'বাসা'],
  ['ঢাকায়', 'ঢাকা'],
  // Objective -কে.
  ['মিস্ত্রিকে', 'মিস্ত্রি'],
  ['কারিগরকে', 'কারিগর'],
  // Classifiers -টি / -টা / -খানা, alone and with a case ending.
  ['ফোনটি', 'ফোন'],
  ['ফোনটা', 'ফোন'],
  ['ফোনটার', 'ফোন'],
  ['ফোনটির', 'ফোন'],
  ['ল্যাপটপটা', 'ল্যাপটপ'],
  ['ল্যাপটপটি', 'ল্যাপটপ'],
  ['ল্যাপটপটিতে', 'ল্যাপটপ'],
  ['টিভিটা', 'টিভি'],
  ['টিভিটার', 'টিভি'],
  ['এসিটা', 'এসি'],
  ['ফ্রিজটা', 'ফ্রিজ'],
  ['ফ্রিজটাকে', 'ফ্রিজ'],
  ['মেশিনটা', 'মেশিন'],
  ['ব্যাটারিটা', 'ব্যাটারি'],
  ['স্ক্রিনটা', 'স্ক্রিন'],
  ['ঘড়িটা', 'ঘড়ি'],
  ['মোবাইলখানা', 'মোবাইল'],
  // Plurals, alone and with a case ending.
  ['মোবাইলগুলো', 'মোবাইল'],
  ['ফোনগুলো', 'ফোন'],
  ['ফোনগুলোর', 'ফোন'],
  ['ল্যাপটপগুলি', 'ল্যাপটপ'],
  ['টিভিগুলোতে', 'টিভি'],
  ['যন্ত্রগুলোকে', 'যন্ত্র'],
  ['মিস্ত্রিদের', 'মিস্ত্রি'],
  ['কারিগরদের', 'কারিগর'],
  ['মিস্ত্রিরা', 'মিস্ত্রি'],
  // Words that only look inflected stay themselves.
  ['কম্পিউটার', 'কম্পিউটার'],
  ['ফ্রিজার', 'ফ্রিজার'],
  ['চার্জার', 'চার্জার'],
  ['মনিটর', 'মনিটর'],
  ['প্রিন্টার', 'প্রিন্টার'],
  ['স্পিকার', 'স্পিকার'],
  ['হিটার', 'হিটার'],
  ['রাউটার', 'রাউটার'],
  ['ইনভার্টার', 'ইনভার্টার'],
  ['কম্প্রেসার', 'কম্প্রেসার'],
  ['রেফ্রিজারেটর', 'রেফ্রিজারেটর'],
  ['সফটওয়্যার', 'সফটওয়্যার'],
  ['পরিষ্কার', 'পরিষ্কার'],
  ['ওয়ারেন্টি', 'ওয়ারেন্টি'],
  ['গ্যারান্টি', 'গ্যারান্টি'],
  ['ব্যাটারি', 'ব্যাটারি'],
  ['ডিসপ্লে', 'ডিসপ্লে'],
  ['হুয়াওয়ে', 'হুয়াওয়ে'],
  ['ক্যামেরা', 'ক্যামেরা'],
  ['ডাটা', 'ডাটা'],
  ['প্রতিটি', 'প্রতিটি'],
  ['মিরপুর', 'মিরপুর'],
  ['রংপুর', 'রংপুর'],
  ['বাজার', 'বাজার'],
  ['সদর', 'সদর'],
  ['ভেতর', 'ভেতর'],
  ['তার', 'তার'],
  ['আর', 'আর'],
  ['এর', 'এর'],
  ['কে', 'কে'],
  // Verbs and words of every sentence are not nouns with a case ending.
  ['আছে', 'আছে'],
  ['চলছে', 'চলছে'],
  ['যাচ্ছে', 'যাচ্ছে'],
  ['থেকে', 'থেকে'],
  ['আগে', 'আগে'],
  ['মধ্যে', 'মধ্যে'],
  ['নিয়ে', 'নিয়ে'],
  // Words without an ending.
  ['মোবাইল', 'মোবাইল'],
  ['ফোন', 'ফোন'],
  ['টিভি', 'টিভি'],
  ['এসি', 'এসি'],
  ['ল্যাপটপ', 'ল্যাপটপ'],
  ['স্ক্রিন', 'স্ক্রিন'],
];

describe('the Bangla stemmer', () => {
  it(`holds at least 100 real words with their expected stems (${BANGLA.length})`, () => {
    expect(BANGLA.length).toBeGreaterThanOrEqual(100);
    expect(new Set(BANGLA.map(([w]) => w)).size).toBe(BANGLA.length);
  });

  it.each(BANGLA)('%s → %s', (word, stem) => {
    expect(banglaStem(normaliseSearchText(word))).toBe(normaliseSearchText(stem));
  });

  it('gives a word and its inflected forms the same stem, and a look-alike another one', () => {
    const stem = (w: string) => wordStem(normaliseSearchText(w));
    expect(new Set(['ফ্রিজ', 'ফ্রিজের', 'ফ্রিজে', 'ফ্রিজটা'].map(stem))).toEqual(new Set(['ফ্রিজ']));
    expect(stem('ফ্রিজার')).not.toBe(stem('ফ্রিজের'));
  });
});

describe('English word forms (Snowball English, Porter2)', () => {
  it.each([
    ['mount', 'mounting', 'mounted', 'mounts'],
    ['fix', 'fixing', 'fixes', 'fixed'],
    ['repair', 'repairs', 'repairing', 'repaired'],
    ['replace', 'replacement', 'replaced', 'replacing'],
    ['battery', 'batteries'],
    ['install', 'installation', 'installing'],
  ])('%s and its forms share a stem', (...forms) => {
    expect(new Set(forms.map(wordStem)).size).toBe(1);
  });

  it('keeps apart words that only begin alike, short words, and words that are not English', () => {
    expect(wordStem('mountain')).not.toBe(wordStem('mount'));
    expect(wordStem('printer')).not.toBe(wordStem('print'));
    // Three letters or fewer stay as typed: "ups" (the power backup) is not "up".
    expect(wordStem('ups')).toBe('ups');
    expect(wordStem('ps5')).toBe('ps5');
    expect(wordStem('a52s')).toBe('a52s');
  });

  it('looks forms up by what they begin with (a Porter2 "i" made of a "y" left out)', () => {
    expect(stemPrefix(wordStem('batteries'))).toBe('batter');
    expect('battery'.startsWith(stemPrefix(wordStem('battery')))).toBe(true);
    expect(stemPrefix(wordStem('মোবাইলের'))).toBe('মোবাইল');
  });
});
