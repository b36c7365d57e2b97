import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, StaticRouter } from 'react-router';
import type { PageRenderer, RenderedPage } from '@meramot/shared';
import { AppProviders } from './app/providers';
import { AppRoutes, routes, type PublicPageName } from './app/router';
import { headHtml, pageHead, scriptJson } from './app/ssr/head';
import { loadPage } from './app/ssr/load-page';
import { ApiError } from './lib/api-client';
import { setLanguage } from './lib/i18n';
import { pathLanguage } from './lib/page-language';
import { createQueryClient } from './lib/query-client';

/**
 * The web app's server entry (issue 22), built by `vite build --ssr` into dist/.ssr and called by
 * the server for the public pages: it matches the address to a page, has the server load the
 * page's data (through the API's own service functions), renders the page with it, and returns
 * the markup, the head and the data for the browser to hydrate with.
 */

/** The public page an address shows, with its route's parameters; null for a signed-in screen. */
function matchPage(pathname: string): { page: PublicPageName; params: Record<string, string | undefined> } | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1);
  const page = (leaf?.route.handle as { publicPage?: PublicPageName } | undefined)?.publicPage;
  return page && leaf ? { page, params: leaf.params } : null;
}

/**
 * One render at a time: the language in use is the app's (a module-level store the formatters
 * read too), so a render sets it and must not meet another's. Rendering is synchronous once the
 * pages' code is loaded, so this costs nothing but order.
 */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Renders at once; a page whose code or texts are still loading is rendered again once they are (the first render of each). */
async function renderApp(app: ReactNode): Promise<string> {
  const html = renderToString(app);
  // A boundary the server could not finish (its chunk or texts not loaded yet) is marked <!--$!-->.
  if (!html.includes('<!--$!-->')) return html;
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
      final(done) {
        resolve(out);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // Everything in place, in one piece: no boundary moved to the end of the page with a script
      // to put it back (the CSP allows no inline script, and a reader without JavaScript runs none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
  });
}

function App({ url, client }: { url: string; client: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders queryClient={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/** The times in a dehydrated cache: left out, so the same data gives the same page (and ETag). */
const TIMES = new Set(['dehydratedAt', 'dataUpdatedAt', 'errorUpdatedAt']);

/**
 * The query cache as JSON for the page: errors as the browser's ApiError needs them, and without
 * the times it was filled at (the browser takes the data as fetched when it hydrates).
 */
function cacheState(client: QueryClient): string {
  const state = dehydrate(client, { shouldDehydrateQuery: () => true });
  return scriptJson(
    JSON.parse(
      JSON.stringify(state, (key, value: unknown) =>
        TIMES.has(key)
          ? undefined
          : value instanceof ApiError
            ? { apiError: true, message: value.message, status: value.status }
            : value,
      ),
    ),
  );
}

export const renderer: PageRenderer = {
  async render(url, source, origin): Promise<RenderedPage | null> {
    const address = new URL(url, origin);
    const match = matchPage(address.pathname);
    if (!match) return null;
    const lang = pathLanguage(address.pathname) ?? 'en';
    const client = createQueryClient();
    const loaded = await loadPage(match.page, match.params, address, lang, source, client);
    if (loaded.redirect) return { status: 301, redirect: loaded.redirect, lang, head: '', html: '', state: '' };
    return exclusive(async () => {
      await setLanguage(lang);
      const html = await renderApp(<App url={address.pathname + address.search} client={client} />);
      const head = headHtml(pageHead(loaded.head, lang), lang, origin);
      return { status: loaded.status, lang, head, html, state: cacheState(client) };
    });
  },
};
