import { describe, expect, it } from 'vitest';
import { clearBit, documentsIn, hasBit, Marks, Matches, popcount, setBit, widen } from './bits';

/** A bit set of `size` documents with the given ones set. */
const bitsOf = (size: number, docs: number[]) => {
  const bits = new Uint32Array(Math.ceil(size / 32));
  for (const d of docs) setBit(bits, d);
  return bits;
};

describe('bit sets', () => {
  it('sets, tests and clears single bits, across words and at bit 31', () => {
    const bits = new Uint32Array(4);
    for (const d of [0, 31, 32, 63, 64, 127]) setBit(bits, d);
    expect([...Array(128).keys()].filter((d) => hasBit(bits, d))).toEqual([0, 31, 32, 63, 64, 127]);
    expect(bits[0]).toBe(0x80000001);
    clearBit(bits, 31);
    clearBit(bits, 64);
    expect(hasBit(bits, 31)).toBe(false);
    expect(hasBit(bits, 0)).toBe(true);
    expect([...Array(128).keys()].filter((d) => hasBit(bits, d))).toEqual([0, 32, 63, 127]);
  });

  it('counts the bits of a word', () => {
    expect([0, 1, 0xff, 0x80000000, 0xffffffff, 0x55555555].map(popcount)).toEqual([0, 1, 8, 1, 32, 16]);
    // As the bit sets hold them: signed 32-bit words.
    expect(popcount(-1)).toBe(32);
    for (let x = 1; x < 1 << 20; x = x * 3 + 7) {
      expect(popcount(x)).toBe(x.toString(2).replace(/0/g, '').length);
    }
  });

  it('lists the documents set, in order, only among the first `size`, and within another set', () => {
    const docs = [1, 5, 31, 32, 33, 70, 95];
    const bits = bitsOf(96, docs);
    expect(documentsIn(bits, 96)).toEqual(docs);
    // Whole words of 32 are read: `size` cuts at the word holding its last document.
    expect(documentsIn(bits, 33)).toEqual([1, 5, 31, 32, 33]);
    expect(documentsIn(bits, 32)).toEqual([1, 5, 31]);
    expect(documentsIn(bits, 96, bitsOf(96, [5, 6, 33, 95]))).toEqual([5, 33, 95]);
    expect(documentsIn(new Uint32Array(3), 96)).toEqual([]);
  });

  it('widens a typed array of any kind, keeping its values', () => {
    const a = Float64Array.of(1.5, -2, 3);
    const b = widen(a, 6);
    expect(b).toBeInstanceOf(Float64Array);
    expect([...b]).toEqual([1.5, -2, 3, 0, 0, 0]);
    expect(widen(Uint8Array.of(255, 7), 4)).toEqual(Uint8Array.of(255, 7, 0, 0));
    expect(widen(Int32Array.of(-1), 2)).toEqual(Int32Array.of(-1, 0));
  });
});

describe('Matches', () => {
  it('of a bit set: its count as given, membership and the list', () => {
    const bits = bitsOf(64, [3, 40, 41]);
    const m = Matches.ofBits(3, bits, 64);
    expect(m.count).toBe(3);
    expect(m.has(40)).toBe(true);
    expect(m.has(39)).toBe(false);
    expect(m.list()).toEqual([3, 40, 41]);
    // The list is made once.
    expect(m.list()).toBe(m.list());
  });

  it('of a list: membership sets its bits in the scratch given, clearing what was there', () => {
    const scratch = bitsOf(64, [0, 1, 2, 50]);
    const m = Matches.ofList([2, 33, 63], scratch, 64);
    expect(m.count).toBe(3);
    expect(m.list()).toEqual([2, 33, 63]);
    expect([0, 1, 2, 33, 50, 63].map((d) => m.has(d))).toEqual([false, false, true, true, false, true]);
    expect(documentsIn(scratch, 64)).toEqual([2, 33, 63]);
  });

  it('none: nothing', () => {
    expect(Matches.none.count).toBe(0);
    expect(Matches.none.list()).toEqual([]);
  });
});

describe('Marks', () => {
  it('a new generation each use, so earlier marks no longer count', () => {
    const marks = new Marks(8);
    const g1 = marks.next();
    marks.of[3] = g1;
    const g2 = marks.next();
    expect(g2).not.toBe(g1);
    expect(marks.of[3] === g2).toBe(false);
    marks.of[4] = g2;
    expect(marks.of[4] === g2).toBe(true);
  });

  it('clears every mark before its generations run out', () => {
    const marks = new Marks(4);
    (marks as unknown as { generation: number }).generation = 0x7fffffff - 2;
    const last = marks.next();
    marks.of[1] = last;
    const first = marks.next();
    expect(first).toBe(1);
    expect([...marks.of]).toEqual([0, 0, 0, 0]);
  });
});
