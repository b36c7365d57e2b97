import { describe, expect, it } from 'vitest';
import { FIELD_WEIGHT } from '../definitions';
import { parseVector, wordRank } from './vector';

// The texts below are PostgreSQL's own output of `::text` for the tsvectors named beside them.
describe('parseVector', () => {
  it('reads every lexeme with its positions and the weights of their fields (D unmarked)', () => {
    // setweight(to_tsvector('simple', 'tv repair'), 'A') || to_tsvector('simple', 'tv tv panel tv')
    const v = parseVector("'panel':5 'repair':2A 'tv':1A,3,4,6");
    expect([...v.keys()]).toEqual(['panel', 'repair', 'tv']);
    expect(v.get('tv')).toEqual({ positions: [1, 3, 4, 6], weights: [1, 0.1, 0.1, 0.1] });
    expect(v.get('repair')).toEqual({ positions: [2], weights: [1] });
    expect(v.get('panel')).toEqual({ positions: [5], weights: [0.1] });
  });

  it('takes each letter weight from definitions.ts FIELD_WEIGHT', () => {
    const v = parseVector("'w':1A,2B,3C,4D,5");
    expect(v.get('w')!.weights).toEqual([
      FIELD_WEIGHT.A,
      FIELD_WEIGHT.B,
      FIELD_WEIGHT.C,
      FIELD_WEIGHT.D,
      FIELD_WEIGHT.D,
    ]);
    expect(v.get('w')!.positions).toEqual([1, 2, 3, 4, 5]);
  });

  it('undoes the quoting: a doubled quote, a backslash-escaped character', () => {
    // 'o''clock':2 is o'clock; 'a\\b':1 is a\b ($$'a\\b':1$$::tsvector).
    const v = parseVector("'a\\\\b':1 'it''s':2B,5 'o''clock':3 'x\\'y':4");
    expect([...v.keys()]).toEqual(['a\\b', "it's", "o'clock", "x'y"]);
    expect(v.get("it's")).toEqual({ positions: [2, 5], weights: [0.4, 0.1] });
  });

  it('reads hyphenated words, their parts and Bangla as lexemes of their own', () => {
    // to_tsvector('simple', $$o'clock a\b chip-level মোবাইল$$)
    const v = parseVector("'a':3 'b':4 'chip':6 'chip-level':5 'clock':2 'level':7 'o':1 'মোবাইল':8");
    expect(v.get('chip-level')!.positions).toEqual([5]);
    expect(v.get('মোবাইল')).toEqual({ positions: [8], weights: [0.1] });
    expect(v.size).toBe(8);
  });

  it('a lexeme without positions, and an empty vector', () => {
    expect(parseVector("'x'").get('x')).toEqual({ positions: [], weights: [] });
    expect(parseVector('').size).toBe(0);
  });
});

describe('wordRank (a word’s share of ts_rank with weights {0.1, 0.2, 0.4, 1.0})', () => {
  // Each value worked out by hand from calc_rank_or, (best + Σ w_j/(j+1)² − best/(k+1)²) / 1.64493406685
  // with the best weight at occurrence k, and checked against what PostgreSQL's ts_rank answers.
  it('one occurrence: its weight over π²/6', () => {
    expect(wordRank([1])).toBeCloseTo(1 / 1.64493406685, 10);
    expect(wordRank([1])).toBeCloseTo(0.6079271, 7);
    expect(wordRank([0.4])).toBeCloseTo(0.2431708, 7);
  });

  it('repeated occurrences add up as 1/(j+1)², the best counted whole', () => {
    // 'tv':1A,3,4,6 → (1 + 1 + 0.1/4 + 0.1/9 + 0.1/16 − 1) / π²/6; PostgreSQL: 0.6336797
    expect(wordRank([1, 0.1, 0.1, 0.1])).toBeCloseTo(0.63367957, 7);
    // to_tsvector('simple', 'fridge gas fridge compressor fridge fridge'), 'fridge'; PostgreSQL: 0.08654518
    expect(wordRank([0.1, 0.1, 0.1, 0.1])).toBeCloseTo(0.08654518, 7);
  });

  it('the best occurrence need not be the first', () => {
    // 'panel':1,2A → (1 + 0.1 + 1/4 − 1/4) / π²/6 = 1.1 / π²/6; PostgreSQL: 0.6687198
    expect(wordRank([0.1, 1])).toBeCloseTo(1.1 / 1.64493406685, 10);
    expect(wordRank([0.1, 1])).toBeCloseTo(0.6687198, 7);
    expect(wordRank([0.1, 1])).not.toBeCloseTo(wordRank([1, 0.1]), 3);
  });

  it('gives ts_rank of a query of several words as their mean', () => {
    // setweight('dhaka', 'B') || setweight('rahim tv', 'C'), 'tv | dhaka'; PostgreSQL: 0.18237813
    const v = parseVector("'dhaka':1B 'rahim':2C 'tv':3C");
    const rank = (wordRank(v.get('tv')!.weights) + wordRank(v.get('dhaka')!.weights)) / 2;
    expect(rank).toBeCloseTo(0.18237813, 7);
  });
});
