import { describe, expect, it } from 'vitest';
import { nextPage, type ListPage } from './get-provider-lists';

const of = (n: number, total: number | null): ListPage<number> => ({
  items: Array.from({ length: n }, (_, i) => i),
  total,
});

describe('nextPage', () => {
  it('asks for the next page while fewer items are shown than the total says', () => {
    expect(nextPage(of(6, 14), [of(6, 14)], 6)).toBe(2);
    expect(nextPage(of(6, 14), [of(6, 14), of(6, 14)], 6)).toBe(3);
    expect(nextPage(of(2, 14), [of(6, 14), of(6, 14), of(2, 14)], 6)).toBeUndefined();
    expect(nextPage(of(6, 6), [of(6, 6)], 6)).toBeUndefined();
  });

  it('without a total, goes on while pages come back full, and stops at an empty one', () => {
    expect(nextPage(of(6, null), [of(6, null)], 6)).toBe(2);
    expect(nextPage(of(3, null), [of(6, null), of(3, null)], 6)).toBeUndefined();
    expect(nextPage(of(0, 20), [of(6, 20), of(0, 20)], 6)).toBeUndefined();
  });
});
