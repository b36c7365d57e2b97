import { describe, expect, it } from 'vitest';
import { formatDecimal } from './numbers';

/** The fraction digits the app formats with: counts, one decimal, prices (format.ts and i18n.ts). */
const WAYS: [number, number][] = [
  [0, 0],
  [1, 1],
  [0, 2],
  [0, 3],
];

/** Numbers of every kind the app meets, and the edges of rounding and grouping. */
function numbers(): number[] {
  const fixed = [
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.05,
    0.15,
    1.005,
    2.675,
    1.45,
    4.45,
    4.95,
    9.995,
    99.995,
    999.95,
    999999.5,
    99999.995,
    123,
    1234,
    12345,
    123456,
    1234567,
    12345678,
    123456789,
    1234567890,
    1234567.891,
    0.001,
    -0.001,
    1e-7,
    5e-7,
    1.5e-7,
    1e15,
    1e21,
    1.2345e22,
    Number.MAX_SAFE_INTEGER,
    1e-300,
    NaN,
    Infinity,
    -Infinity,
  ];
  // A fixed sequence (a linear congruential generator), so a failure repeats.
  let seed = 22;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const drawn: number[] = [];
  for (let i = 0; i < 4000; i++) {
    const scale = 10 ** Math.floor(random() * 10);
    const places = Math.floor(random() * 5);
    const value = Math.round(random() * scale * 10 ** places) / 10 ** places;
    drawn.push(random() < 0.1 ? -value : value, random() * scale, Math.floor(random() * scale) + 0.5);
  }
  return [...fixed, ...drawn];
}

describe('formatDecimal', () => {
  it("writes what Intl.NumberFormat writes in 'en-IN' and 'bn-BD', for every way the app uses", () => {
    for (const [min, max] of WAYS) {
      const en = new Intl.NumberFormat('en-IN', { minimumFractionDigits: min, maximumFractionDigits: max });
      const bn = new Intl.NumberFormat('bn-BD', { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const n of numbers()) {
        expect([n, formatDecimal(n, min, max)]).toEqual([n, en.format(n)]);
        expect([n, formatDecimal(n, min, max, true)]).toEqual([n, bn.format(n)]);
      }
    }
  });

  it('groups by lakh and crore and rounds half away from zero on the shortest decimal form', () => {
    expect(formatDecimal(1234567.891, 0, 2)).toBe('12,34,567.89');
    expect(formatDecimal(125000, 0, 0, true)).toBe('১,২৫,০০০');
    expect(formatDecimal(1.005, 0, 2)).toBe('1.01');
    expect(formatDecimal(-2.5, 0, 0)).toBe('-3');
    expect(formatDecimal(4, 1, 1)).toBe('4.0');
    expect(formatDecimal(99999.995, 0, 2)).toBe('1,00,000');
  });
});
