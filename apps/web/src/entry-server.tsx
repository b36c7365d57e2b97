import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderMatches, StaticRouter, type RouteMatch, type RouteObject } from 'react-router';
import type { LoadedPublicPage, PageRenderer } from '@meramot/shared';
import { AppProviders } from './app/providers';
import { routes, type PublicPageName } from './app/router';
import { headHtml, pageHead, scriptJson } from './app/ssr/head';
import { matchRoutesByShape } from './app/ssr/route-match';
import { pageDocument, type PageParts } from './app/ssr/document';
import { fillCache, loadPage, type LoadedPage } from './app/ssr/load-page';
import { ApiError } from './lib/api-client';
import { setLanguage } from './lib/i18n';
import { pathLanguage } from './lib/page-language';
import { createQueryClient } from './lib/query-client';
import { FragmentStore } from './lib/server-fragments';

/**
 * The web app's server entry (issue 22), built by `vite build --ssr` into dist/.ssr and called by
 * the server for the public pages in two steps: `load` matches the address to a page and has the
 * server load the page's data (through the API's own service functions), on the server's main
 * thread; `documents` renders the page with that data (in the server's render worker, or on its
 * main thread) into its document: the markup, the head and the data for the browser to hydrate
 * with, in the web app's index.html.
 */

/** A public page's address matched: the page, its route's parameters, and the routes it renders. */
interface PageMatch {
  page: PublicPageName;
  params: Record<string, string | undefined>;
  matches: RouteMatch[];
}

/**
 * The public page an address shows; null for a signed-in screen. The route table is matched here
 * only (by the address's shape: app/ssr/route-match.ts): the render gets these matches
 * (renderMatches), not the routes to match again (useRoutes).
 */
function matchPage(pathname: string): PageMatch | null {
  const matches = matchRoutesByShape(routes, pathname);
  const leaf = matches?.at(-1);
  const page = (leaf?.route.handle as { publicPage?: PublicPageName } | undefined)?.publicPage;
  return page && matches && leaf ? { page, params: leaf.params, matches } : null;
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

/**
 * The app at `url` as main.tsx renders it in the browser, with a static router. Its routes come
 * matched (matchPage): renderMatches renders them as AppRoutes' useRoutes would, without matching
 * the table again. (useRoutes also re-encodes the matches' decoded pathnames, which only relative
 * links and paths read; the pages' links are absolute, and their parameters the same.)
 */
function App({ url, client, matches }: { url: string; client: QueryClient; matches: RouteMatch[] }) {
  return (
    <StrictMode>
      <AppProviders queryClient={client}>
        <StaticRouter location={url}>{renderMatches(matches)}</StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/** An error in the cache as the browser's ApiError needs it (JSON keeps no class). */
const plainError = (error: unknown) =>
  error instanceof ApiError ? { apiError: true, message: error.message, status: error.status } : error;

/**
 * The query cache as JSON for the page: errors as the browser's ApiError needs them, and without
 * the times it was filled at (the browser takes the data as fetched when it hydrates; the same data
 * gives the same page and ETag). Shaped here, not by a replacer: JSON.stringify without one is
 * several times faster on a page's data (a fifth of an All Services render was the replacer's).
 */
function cacheState(client: QueryClient): string {
  // Every query with data or an error; not a query that never ran (the header search's, say), which
  // gives the browser nothing, and which a page rendered with a made header (server-fragments) lacks.
  const { queries, mutations } = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  return scriptJson({
    mutations,
    queries: queries.map(({ dehydratedAt: _at, state, ...query }) => {
      const { dataUpdatedAt: _data, errorUpdatedAt: _error, ...kept } = state;
      return {
        ...query,
        state: { ...kept, error: plainError(kept.error), fetchFailureReason: plainError(kept.fetchFailureReason) },
      };
    }),
  });
}

/**
 * React 19 puts the resources it hoists (an image's `<link rel="preload">` for each `<img>` it
 * deems important, say the one with fetchPriority="high") first in its markup when it renders no
 * `<head>` of its own. They belong in the head: there the browser finds the largest image earlier,
 * and in #root they are nodes the browser's app does not render, so Preact's hydration moved the
 * whole app past them (a detach and re-attach of the page: 58 ms of a service page's main thread
 * at 4x slowdown). Returns them apart from the app's markup.
 */
const HOISTED = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)+/;
function splitHoisted(html: string): { hoisted: string; html: string } {
  const hoisted = HOISTED.exec(html)?.[0] ?? '';
  return { hoisted, html: html.slice(hoisted.length) };
}

/** The layout's header and footer variants made so far (lib/server-fragments.tsx). */
const fragments = new FragmentStore();

/**
 * A route match as plain data: the route by where it is in the table (its index at each level), as
 * the thread that renders finds it in its own copy of the table; the match's values as they are.
 */
interface MatchAt {
  at: number[];
  params: RouteMatch['params'];
  pathname: string;
  pathnameBase: string;
}

/** Where each route is in the table: its index in its parent's children, level by level. */
const routePlaces = new Map<RouteObject, number[]>();
(function place(table: RouteObject[], at: number[]) {
  table.forEach((route, i) => {
    routePlaces.set(route, [...at, i]);
    if (route.children) place(route.children, [...at, i]);
  });
})(routes, []);

const matchAt = ({ route, params, pathname, pathnameBase }: RouteMatch): MatchAt => ({
  at: routePlaces.get(route)!,
  params,
  pathname,
  pathnameBase,
});

function routeMatch({ at, params, pathname, pathnameBase }: MatchAt): RouteMatch {
  let table = routes;
  let route: RouteObject | undefined;
  for (const i of at) {
    route = table[i]!;
    table = route.children ?? [];
  }
  return { route: route!, params, pathname, pathnameBase };
}

/** A page loaded by `load`: the server's part, and what its render is made from. */
type Loaded = LoadedPublicPage & Pick<LoadedPage, 'head' | 'queries'> & { matches: MatchAt[] };

/** Renders a loaded page: its markup, head and data, one render at a time. */
function renderLoaded(page: LoadedPublicPage, origin: string): Promise<PageParts> {
  const { url, lang, head, queries, matches: matched } = page as Loaded;
  // The routes of this thread's table (theirs hold elements, which stay in their thread).
  const matches = matched.map(routeMatch);
  return exclusive(async () => {
    await setLanguage(lang);
    const client = createQueryClient();
    fillCache(client, queries);
    const { hoisted, html } = splitHoisted(
      await fragments.render((withFragments) =>
        renderApp(withFragments(<App url={url} client={client} matches={matches} />)),
      ),
    );
    return {
      lang,
      head: hoisted + headHtml(pageHead(head, lang), lang, origin),
      html,
      state: cacheState(client),
    };
  });
}

export const renderer: PageRenderer = {
  fragments,
  async load(url, source, origin): Promise<Loaded | null> {
    const address = new URL(url, origin);
    const match = matchPage(address.pathname);
    if (!match) return null;
    const lang = pathLanguage(address.pathname) ?? 'en';
    const { status, redirect, head, queries } = await loadPage(match.page, match.params, address, lang, source);
    const path = address.pathname + address.search;
    if (redirect) return { url: path, lang, status, redirect, head, queries, matches: [] };
    return { url: path, lang, status, head, queries, matches: match.matches.map(matchAt) };
  },
  documents(shell) {
    const document = pageDocument(shell);
    return async (page, origin) => ({
      status: page.status,
      lang: page.lang,
      body: document(await renderLoaded(page, origin)),
    });
  },
};
