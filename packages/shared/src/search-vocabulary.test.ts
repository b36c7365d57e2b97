import { describe, expect, it } from 'vitest';
import {
  normaliseSearchText,
  SEARCH_VOCABULARY,
  SEARCH_WORD,
  synonymGroup,
  VOCABULARY_PHRASES,
  VOCABULARY_WORDS,
} from './search-vocabulary';

const same = (a: string, b: string) => expect(synonymGroup(a)).toBe(synonymGroup(b));

describe('the search vocabulary', () => {
  it('is rich: at least 60 groups of at least two terms', () => {
    expect(SEARCH_VOCABULARY.length).toBeGreaterThanOrEqual(60);
    for (const group of SEARCH_VOCABULARY) expect(group.length).toBeGreaterThanOrEqual(2);
  });

  it('is written normalised, every term made of search words, no term in two groups', () => {
    const seen = new Set<string>();
    for (const group of SEARCH_VOCABULARY) {
      for (const term of group) {
        expect(term).toBe(normaliseSearchText(term));
        for (const word of term.split(' ')) expect(word).toMatch(SEARCH_WORD);
        expect(seen.has(term), `${term} is in two groups`).toBe(false);
        seen.add(term);
      }
    }
  });

  it('joins the English, Bangla and Banglish names the issue lists', () => {
    same('fridge', 'refrigerator');
    same('fridge', 'ফ্রিজ');
    for (const w of ['phone', 'smartphone', 'cellphone', 'মোবাইল', 'ফোন']) same('mobile', w);
    for (const w of ['aircon', 'air conditioner', 'এসি']) same('ac', w);
    for (const w of ['television', 'টিভি']) same('tv', w);
    for (const w of ['notebook', 'ল্যাপটপ']) same('laptop', w);
    for (const w of ['pc', 'desktop', 'কম্পিউটার']) same('computer', w);
    same('washing machine', 'ওয়াশিং মেশিন');
    same('ps5', 'playstation');
    for (const w of ['display', 'ডিসপ্লে']) same('screen', w);
    same('battery', 'ব্যাটারি');
    for (const w of ['charger', 'চার্জিং']) same('charging', w);
    for (const w of ['fix', 'servicing', 'মেরামত', 'সার্ভিসিং']) same('repair', w);
    same('samsung', 'স্যামসাং');
    same('iphone', 'আইফোন');
  });

  it('names the eight divisions in Bangla, with Chattogram and Ctg', () => {
    const bangla = ['ঢাকা', 'চট্টগ্রাম', 'সিলেট', 'খুলনা', 'রাজশাহী', 'বরিশাল', 'রংপুর', 'ময়মনসিংহ'];
    const english = ['dhaka', 'chittagong', 'sylhet', 'khulna', 'rajshahi', 'barisal', 'rangpur', 'mymensingh'];
    english.forEach((area, i) => same(area, bangla[i]!));
    same('chittagong', 'chattogram');
    same('chittagong', 'ctg');
  });

  it('finds a group whatever the case, spacing or Unicode form of the term', () => {
    expect(synonymGroup('  Air   Conditioner ')).toContain('এসি');
    expect(synonymGroup('ঢাকায়'.normalize('NFD'))).toContain('dhaka');
    expect(synonymGroup('quokka')).toBeUndefined();
  });

  it('lists its phrases longest first and its single words', () => {
    expect(VOCABULARY_PHRASES).toContainEqual(['air', 'conditioner']);
    expect(VOCABULARY_PHRASES).toContainEqual(['ওয়াশিং', 'মেশিন']);
    for (let i = 1; i < VOCABULARY_PHRASES.length; i++) {
      expect(VOCABULARY_PHRASES[i]!.length).toBeLessThanOrEqual(VOCABULARY_PHRASES[i - 1]!.length);
    }
    expect(VOCABULARY_WORDS).toContain('refrigerator');
    expect(VOCABULARY_WORDS).toContain('conditioner');
    expect(VOCABULARY_WORDS.every((w) => SEARCH_WORD.test(w))).toBe(true);
  });
});
