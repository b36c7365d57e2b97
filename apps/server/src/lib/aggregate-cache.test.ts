import { describe, expect, it } from 'vitest';
import { createAggregateCache } from './aggregate-cache';

function counter() {
  let calls = 0;
  let value = 0;
  return {
    get calls() {
      return calls;
    },
    set: (v: number) => (value = v),
    compute: async () => {
      calls++;
      return value;
    },
  };
}

describe('createAggregateCache', () => {
  it('computes once per key while the value is fresh, and shares one computation between waiting callers', async () => {
    let now = 0;
    const cache = createAggregateCache(1000, () => now);
    const c = counter();
    c.set(1);
    expect(
      await Promise.all([cache.get('a', c.compute), cache.get('a', c.compute), cache.get('a', c.compute)]),
    ).toEqual([1, 1, 1]);
    expect(c.calls).toBe(1);
    c.set(2);
    now = 999;
    expect(await cache.get('a', c.compute)).toBe(1);
    expect(c.calls).toBe(1);
  });

  it('answers the stale value at once after the time is up, while one refresh runs', async () => {
    let now = 0;
    const cache = createAggregateCache(1000, () => now);
    await cache.get('a', async () => 1);
    now = 1000;
    let calls = 0;
    let release!: (v: number) => void;
    const slow = () => {
      calls++;
      return new Promise<number>((r) => (release = r));
    };
    expect(await cache.get('a', slow)).toBe(1);
    expect(await cache.get('a', slow)).toBe(1);
    expect(calls).toBe(1);
    release(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('a', slow)).toBe(2);
    expect(calls).toBe(1);
  });

  it('keeps the stale value when a refresh fails, and tries again on the next read', async () => {
    let now = 0;
    const cache = createAggregateCache(1000, () => now);
    await cache.get('a', async () => 1);
    now = 2000;
    expect(await cache.get('a', async () => Promise.reject(new Error('database down')))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('a', async () => 3)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('a', async () => 4)).toBe(3);
  });

  it('passes the first failure of a key to its callers', async () => {
    const cache = createAggregateCache(1000);
    await expect(cache.get('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('a', async () => 5)).toBe(5);
  });

  it('invalidate makes the next read exact, also over a computation begun before it', async () => {
    const cache = createAggregateCache(60_000);
    let release!: (v: number) => void;
    const slow = cache.get('a', () => new Promise<number>((r) => (release = r)));
    cache.invalidate();
    expect(await cache.get('a', async () => 2)).toBe(2);
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('a', async () => 3)).toBe(2);
    cache.invalidate('a');
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('keeps nothing with a time of 0, and at most maxKeys keys', async () => {
    const none = createAggregateCache(0);
    const c = counter();
    await none.get('a', c.compute);
    await none.get('a', c.compute);
    expect(c.calls).toBe(2);

    const small = createAggregateCache(60_000, Date.now, 2);
    await small.get('a', async () => 'a1');
    await small.get('b', async () => 'b1');
    await small.get('c', async () => 'c1');
    expect(await small.get('b', async () => 'b2')).toBe('b1');
    expect(await small.get('a', async () => 'a2')).toBe('a2');
  });

  it('invalidatePrefix drops the keys that start with the prefix and keeps the others', async () => {
    const cache = createAggregateCache(60_000);
    await cache.get('stats:platform', async () => 1);
    await cache.get('stats:bookings', async () => 1);
    await cache.get('services:areas', async () => 1);
    cache.invalidatePrefix('stats:');
    expect(await cache.get('stats:platform', async () => 2)).toBe(2);
    expect(await cache.get('stats:bookings', async () => 2)).toBe(2);
    expect(await cache.get('services:areas', async () => 2)).toBe(1);
  });
});
