import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mock API (MSW) every component test talks to; `server.use(...)` overrides a call in a test. */
export const server = setupServer(...handlers);

/** A request the mock API received, its JSON body parsed (another body, e.g. a photo's multipart, as its text). */
export interface Call {
  method: string;
  /** The path, decoded (e.g. /api/bookings/user/a@b.c). */
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

/** Every request of the current test, in order (cleared before each test). */
export const calls: Call[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const call: Call = {
    method: request.method,
    path: decodeURIComponent(url.pathname),
    search: url.search,
    headers: request.headers,
    body: undefined,
  };
  calls.push(call);
  void request
    .clone()
    .text()
    .then((text) => (call.body = parseBody(text)));
});

/** A request's body: its JSON parsed, another body (a photo upload's multipart) as its text. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The calls to `path` (and `method`, when given). */
export const callsTo = (path: string, method?: string) =>
  calls.filter((c) => c.path === path && (!method || c.method === method));

/**
 * A per-test override as one function of the call: answer a Response, or nothing to let the
 * resource handlers answer.
 */
export function answer(respond: (call: Call) => Response | undefined | Promise<Response | undefined>): HttpHandler {
  return http.all('/api/*', async ({ request }) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    return respond({
      method: request.method,
      path: decodeURIComponent(url.pathname),
      search: url.search,
      headers: request.headers,
      body: parseBody(text),
    });
  });
}
