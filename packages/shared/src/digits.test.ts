import { describe, expect, it } from 'vitest';
import { bengaliDigits } from './digits';

describe('bengaliDigits', () => {
  it('writes each Latin digit as its Bengali digit and leaves everything else as it is', () => {
    expect(bengaliDigits('৳1,23,450.5 (x)')).toBe('৳১,২৩,৪৫০.৫ (x)');
    expect(bengaliDigits('0123456789')).toBe('০১২৩৪৫৬৭৮৯');
    expect(bengaliDigits('১২ আগস্ট, ২০২৬ — /:a9')).toBe('১২ আগস্ট, ২০২৬ — /:a৯');
    expect(bengaliDigits('')).toBe('');
  });

  it('takes a number as its String form', () => {
    expect(bengaliDigits(2026)).toBe('২০২৬');
    expect(bengaliDigits(-1.5)).toBe('-১.৫');
    expect(bengaliDigits(1e21)).toBe('১e+২১');
  });
});
