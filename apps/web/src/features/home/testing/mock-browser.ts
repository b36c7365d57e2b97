import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import { calls, server } from '@/testing/server';

type Answer = unknown | { status: number; body?: unknown };

const isStatus = (a: unknown): a is { status: number; body?: unknown } =>
  !!a && typeof a === 'object' && 'status' in a && typeof (a as { status: unknown }).status === 'number';

/**
 * The mock API answers /api/... from `routes` (keyed by path and query, e.g. '/stats' or
 * '/services?limit=6'); `{ status }` answers that status, anything else is the JSON body. Other
 * calls go to the shared handlers (unknown ones answer 404). Returns the calls the API received.
 */
export function serveRoutes(routes: Record<string, Answer>) {
  server.use(
    http.all('/api/*', ({ request }) => {
      const url = new URL(request.url);
      const key = url.pathname.replace(/^\/api/, '') + url.search;
      if (!(key in routes)) return undefined;
      const answer = routes[key];
      const status = isStatus(answer) ? answer.status : 200;
      const body = isStatus(answer) ? (answer.body ?? { error: `HTTP ${status}` }) : answer;
      return HttpResponse.json(body as JsonBodyType, { status });
    }),
  );
  return calls;
}

/** The path and query of each call the mock API received. */
export const calledUrls = () => calls.map((c) => c.path + c.search);

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
