import { vi } from 'vitest';

type Answer = unknown | { status: number; body?: unknown };

const isStatus = (a: unknown): a is { status: number; body?: unknown } =>
  !!a && typeof a === 'object' && 'status' in a && typeof (a as { status: unknown }).status === 'number';

/**
 * Answers fetch calls to /api/... from `routes` (keyed by path and query, e.g. '/stats' or
 * '/services?limit=6'); `{ status }` answers that status, anything else is the JSON body.
 * Unknown paths answer 404.
 */
export function mockApi(routes: Record<string, Answer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const key = url.pathname.replace(/^\/api/, '') + url.search;
    const answer = key in routes ? routes[key] : { status: 404, body: { error: 'Not found' } };
    const status = isStatus(answer) ? answer.status : 200;
    const body = isStatus(answer) ? (answer.body ?? { error: `HTTP ${status}` }) : answer;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

/** window.matchMedia answering `reduced` for prefers-reduced-motion. */
export function mockReducedMotion(reduced: boolean) {
  const matchMedia = (query: string) => ({
    matches: query.includes('prefers-reduced-motion') ? reduced : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
  vi.stubGlobal('matchMedia', matchMedia);
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
}

/** A controllable IntersectionObserver: `show(ratio)` reports every observed element at that ratio. */
export function mockIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[]; threshold: number }> = [];
  class FakeObserver {
    private entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const threshold = Array.isArray(options?.threshold) ? (options.threshold[0] ?? 0) : (options?.threshold ?? 0);
      this.entry = { callback, elements: [], threshold };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.elements.push(el);
    }
    unobserve() {}
    disconnect() {
      this.entry.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    show(ratio: number) {
      for (const o of observers) {
        const entries = o.elements.map(
          (target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
        );
        if (entries.length) o.callback(entries, {} as IntersectionObserver);
      }
    },
  };
}
