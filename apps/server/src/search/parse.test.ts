import { describe, expect, it } from 'vitest';
import { allOf, chooseCorrection, editDistance, parseSearch, type Alternative } from './parse';

const alt = (text: string, tier: Alternative['tier'] = 'exact'): Alternative => ({ words: text.split(' '), tier });

describe('parseSearch', () => {
  it('splits words, normalising case, spaces and Unicode form; the last word is being typed', () => {
    const { slots, literals } = parseSearch('  Laptop   DHAKA ');
    expect(slots.map((s) => [s.text, s.prefix])).toEqual([
      ['laptop', false],
      ['dhaka', true],
    ]);
    expect(literals).toEqual([]);
    expect(parseSearch('ঢাকায়'.normalize('NFD')).slots[0]!.text).toBe('ঢাকায়'.normalize('NFC'));
  });

  it('takes vocabulary phrases as one slot, with their synonyms', () => {
    const { slots } = parseSearch('air conditioner dhaka');
    expect(slots.map((s) => s.text)).toEqual(['air conditioner', 'dhaka']);
    expect(slots[0]!.synonyms).toContainEqual(['ac']);
    expect(slots[0]!.synonyms).toContainEqual(['এসি']);
    expect(slots[0]!.prefix).toBe(false);
    expect(parseSearch('ওয়াশিং মেশিন').slots.map((s) => s.text)).toEqual(['ওয়াশিং মেশিন']);
    expect(parseSearch('fridge').slots[0]!.synonyms).toContainEqual(['refrigerator']);
    expect(parseSearch('mobile').slots[0]!.synonyms).toContainEqual(['cell', 'phone']);
  });

  it('keeps tokens with punctuation as literal substrings, and then nothing is being typed', () => {
    const parsed = parseSearch('chip-level 100% c:\\');
    expect(parsed.slots).toEqual([]);
    expect(parsed.literals).toEqual(['chip-level', '100%', 'c:\\']);
    const mixed = parseSearch('repair chip-level');
    expect(mixed.slots.map((s) => [s.text, s.prefix])).toEqual([['repair', false]]);
    expect(mixed.literals).toEqual(['chip-level']);
  });

  it('leaves out the hyphens at the edges of a token: "t-" is a hyphenated word being typed', () => {
    const typing = parseSearch('walton t-');
    expect(typing.slots.map((s) => [s.text, s.prefix])).toEqual([
      ['walton', false],
      ['t', true],
    ]);
    expect(typing.literals).toEqual([]);
    expect(parseSearch('-con wi-fi- --').literals).toEqual(['wi-fi']);
    expect(parseSearch('-con wi-fi- --').slots.map((s) => s.text)).toEqual(['con']);
    expect(parseSearch(' - -- ')).toEqual({ slots: [], literals: [] });
  });
});

describe('the tsquery text', () => {
  it('joins slots with &, alternatives with |, phrase words with <->, every lexeme quoted', () => {
    expect(allOf([[alt('laptop')], [alt('dhaka'), alt('ঢাকা', 'synonym')]])).toBe("'laptop' & ('dhaka' | 'ঢাকা')");
    expect(allOf([[alt('ac'), alt('air conditioner', 'synonym')]])).toBe("('ac' | ('air' <-> 'conditioner'))");
    expect(allOf([[alt("o'neil")]])).toBe("'o''neil'");
  });
});

describe('typo correction', () => {
  it('measures edits, a swap of neighbours counting one', () => {
    expect(editDistance('labtop', 'laptop')).toBe(1);
    expect(editDistance('repiar', 'repair')).toBe(1);
    expect(editDistance('samsng', 'samsung')).toBe(1);
    expect(editDistance('televison', 'television')).toBe(1);
    expect(editDistance('মোবাল', 'মোবাইল')).toBe(1);
    expect(editDistance('abcd', 'badc')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops past a limit with limit + 1, and otherwise measures as without one', () => {
    // Short words of few letters, so that swaps and repeats are common.
    const word = (seed: number) => Array.from({ length: seed % 8 }, (_, i) => 'abc'[(seed >>> (i + 3)) % 3]).join('');
    for (let s = 0; s < 4000; s++) {
      const [a, b] = [word(s * 7919), word(s * 104729 + 13)];
      const full = editDistance(a, b);
      expect(full).toBe(editDistance(b, a));
      for (const limit of [0, 1, 2])
        expect([a, b, limit, editDistance(a, b, limit)]).toEqual([a, b, limit, Math.min(full, limit + 1)]);
    }
  });

  it('picks the closest known word within the allowance, then the commonest', () => {
    const words = [
      { word: 'laptop', services: 50 },
      { word: 'lapdog', services: 900 },
      { word: 'samsung', services: 30 },
      { word: 'sammsung', services: 1 },
    ];
    expect(chooseCorrection('labtop', words)).toBe('laptop');
    expect(chooseCorrection('samsng', words)).toBe('samsung');
    expect(chooseCorrection('samsnug', words)).toBe('samsung');
    expect(
      chooseCorrection('samsxng', [
        { word: 'samsung', services: 3 },
        { word: 'samsang', services: 9 },
      ]),
    ).toBe('samsang');
  });

  it('leaves short words and far-off words alone', () => {
    expect(chooseCorrection('tb', [{ word: 'tv', services: 10 }])).toBeUndefined();
    expect(chooseCorrection('zzz', [{ word: 'zip', services: 10 }])).toBeUndefined();
    expect(chooseCorrection('quokka', [{ word: 'quick', services: 10 }])).toBeUndefined();
    expect(chooseCorrection('laptop', [{ word: 'laptop', services: 10 }])).toBeUndefined();
  });
});
