import type { FastifyInstance } from 'fastify';
import { AREAS, LIST_SORT_KEYS } from '@meramot/shared';
import type { SearchIndex } from './memory/search-index';

/**
 * Warming a new instance before /api/ready lets the balancer send it traffic: lists and searches
 * drawn from the index's own commonest words are sent through the whole app in-process
 * (`inject`, the rate limit skipped by a per-process token), so the code that answers them is
 * compiled and the lazily made parts of the index (kept unions, the words' bit sets) exist before
 * the first customer's request. Every URL differs, so the micro-cache answers none of them.
 */

export interface WarmUpOptions {
  /** At most this many requests... */
  requests: number;
  /** ...within this long. */
  budgetMs: number;
  /** Stops it (the app closing). */
  signal?: AbortSignal;
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', ...'কখগচজটডতদনপবমরলশসহ'];

/** The commonest words of the catalogue, a few per first letter, in a fixed order. */
export function warmUpWords(index: SearchIndex, perLetter = 6): string[] {
  const rows = index.lookup(LETTERS.map((key) => ({ kind: 'prefix' as const, key })));
  const words: string[] = [];
  for (const key of LETTERS)
    words.push(
      ...rows
        .filter((r) => r.key === key)
        .slice(0, perLetter)
        .map((r) => r.word),
    );
  return words;
}

/** The i-th warm-up request: the list's sorts, areas and pages, searches (typed, whole, two words) and the header search. */
export function warmUpUrl(i: number, words: string[]): string {
  const word = words.length ? words[i % words.length]! : 'repair';
  const other = words.length ? words[(i * 7 + 3) % words.length]! : 'fix';
  const sort = LIST_SORT_KEYS[i % LIST_SORT_KEYS.length]!;
  const area = AREAS[i % AREAS.length]!;
  const page = 1 + (i % 4);
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  switch (i % 6) {
    case 0:
      return `/api/services?${q({ limit: 10 + (i % 31), page, sort: sort === 'best' ? 'newest' : sort })}`;
    case 1:
      return `/api/services?${q({ area, sort: sort === 'best' ? 'price-low' : sort, page })}`;
    case 2:
      return `/api/services?${q({ search: word, sort, page: 1 + (i % 2) })}`;
    case 3:
      return `/api/services?${q({ search: [...word].slice(0, 1 + (i % 3)).join(''), area })}`;
    case 4:
      return `/api/search/${encodeURIComponent([...word].slice(0, 2 + (i % 4)).join(''))}?limit=8`;
    default:
      return `/api/services?${q({ search: `${word} ${other}`, sort })}`;
  }
}

/**
 * Sends the warm-up requests one after another; resolves with how many were sent. An answer from
 * the index resolves without any I/O, so without a turn of the event loop between requests the
 * loop would run on promises alone for the whole budget: sockets (the balancer's /api/ready, the
 * database's replies) would wait, and a readiness check would time out as "database down".
 */
export async function warmUp(
  app: FastifyInstance,
  index: SearchIndex,
  token: string,
  { requests, budgetMs, signal }: WarmUpOptions,
): Promise<number> {
  const words = warmUpWords(index);
  const started = performance.now();
  let sent = 0;
  while (sent < requests && performance.now() - started < budgetMs && !signal?.aborted) {
    await app.inject({ method: 'GET', url: warmUpUrl(sent, words), headers: { 'x-warm-up': token } });
    sent++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}
