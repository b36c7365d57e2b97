import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Ids } from './ids';

describe('Ids', () => {
  it('gives the text back, orders as the text does, and finds each live document', () => {
    const ids = new Ids();
    ids.grow(8192);
    const texts = Array.from({ length: 5000 }, () => randomUUID());
    texts.push('00000000-0000-4000-8000-000000000001', 'ffffffff-ffff-4fff-bfff-ffffffffffff');
    for (const t of texts) ids.set(ids.push(t));
    expect(ids.size).toBe(texts.length);
    expect(ids.live).toBe(texts.length);
    texts.forEach((t, d) => {
      expect(ids.idOf(d)).toBe(t);
      expect(ids.get(t)).toBe(d);
    });
    const byText = texts.map((_, d) => d).sort((a, b) => (texts[a]! < texts[b]! ? -1 : 1));
    expect(texts.map((_, d) => d).sort((a, b) => ids.compare(a, b))).toEqual(byText);
    expect(ids.get(randomUUID())).toBeUndefined();
    expect(ids.get('not an id')).toBeUndefined();
    expect(() => ids.push('not an id')).toThrow(/uuid/);
  });

  it('forgets a document and takes a newer one for the same id, through many removals', () => {
    const ids = new Ids();
    ids.grow(1 << 16);
    const texts = Array.from({ length: 3000 }, () => randomUUID());
    for (const t of texts) ids.set(ids.push(t));
    // Each id changed ten times: the old document forgotten, a new one live (the table fills with removals).
    for (let round = 0; round < 10; round++) {
      for (const t of texts) {
        expect(ids.delete(t)).toBeDefined();
        ids.set(ids.push(t));
      }
    }
    expect(ids.live).toBe(texts.length);
    texts.forEach((t, i) => expect(ids.get(t)).toBe(10 * texts.length + i));
    expect(ids.delete(texts[0]!)).toBe(10 * texts.length);
    expect(ids.delete(texts[0]!)).toBeUndefined();
    expect(ids.live).toBe(texts.length - 1);
  });
});
