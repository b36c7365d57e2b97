/**
 * Figures that cost a scan of a large table (counts per area and category, platform statistics)
 * are computed at most once per `ttlMs` per key. Stale-while-revalidate: after the time is up the
 * last value is still answered at once while one refresh runs; callers of a key that has no value
 * yet share one computation. `invalidate` drops values, so this process's next read is exact (the
 * server calls it after its own writes; other processes catch up within `ttlMs`). With `ttlMs` 0
 * nothing is kept. At most `maxKeys` keys are kept.
 */
export interface AggregateCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  invalidate(...keys: string[]): void;
  /** Drops the values of every key that starts with `prefix`. */
  invalidatePrefix(prefix: string): void;
}

interface Entry {
  value?: unknown;
  expires: number;
  pending?: Promise<unknown>;
  /** Bumped by invalidate, so a computation begun before it does not store an outdated value. */
  generation: number;
}

export function createAggregateCache(
  ttlMs: number,
  now: () => number = Date.now,
  maxKeys = 1000,
  /** Asked on every read: false computes afresh and keeps nothing (an instance cut off from the others' changes). */
  enabled: () => boolean = () => true,
): AggregateCache {
  const entries = new Map<string, Entry>();

  function refresh<T>(entry: Entry, compute: () => Promise<T>): Promise<T> {
    if (entry.pending) return entry.pending as Promise<T>;
    const generation = entry.generation;
    const pending = compute().then(
      (value) => {
        if (entry.generation === generation) {
          entry.value = value;
          entry.expires = now() + ttlMs;
        }
        if (entry.pending === pending) entry.pending = undefined;
        return value;
      },
      (err: unknown) => {
        if (entry.pending === pending) entry.pending = undefined;
        throw err;
      },
    );
    entry.pending = pending;
    return pending;
  }

  function invalidate(keys: Iterable<string>) {
    for (const key of keys) {
      const entry = entries.get(key);
      if (!entry) continue;
      delete entry.value;
      entry.pending = undefined;
      entry.generation++;
    }
  }

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0 || !enabled()) return compute();
      let entry = entries.get(key);
      if (!entry) {
        // Keys made from searches are unbounded: the oldest goes when the map is full.
        if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
        entry = { expires: 0, generation: 0 };
        entries.set(key, entry);
      }
      if (!('value' in entry)) return refresh(entry, compute);
      if (now() >= entry.expires) {
        // A failed background refresh keeps the stale value; the next read tries again.
        refresh(entry, compute).catch(() => undefined);
      }
      return Promise.resolve(entry.value as T);
    },
    invalidate(...keys: string[]) {
      invalidate(keys.length ? keys : [...entries.keys()]);
    },
    invalidatePrefix(prefix: string) {
      invalidate([...entries.keys()].filter((key) => key.startsWith(prefix)));
    },
  };
}
