import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import type { LoadedPublicPage, PageRenderer, RenderedPage } from '@meramot/shared';
import { pageDataSource } from './page-data';

/**
 * The public pages rendered on the server (issue 22): home, All Services, a service, a provider
 * and the information pages, in English and under /bn in Bangla, come as finished HTML with their
 * data (the web app's server entry, apps/web/src/entry-server.tsx, built into the web build's
 * `.ssr` folder), and the browser hydrates them. Their answers are micro-cached per address like
 * the API's public reads (emptied by every write), with an ETag (304 to a revalidation).
 * An unknown address gets the not-found page with 404; a signed-in screen gets the app's shell.
 */

/** The public pages' routes; any other address reaches the not-found handler, which renders too. */
const PAGE_ROUTES = [
  '/',
  '/services',
  '/services/:id',
  '/services/:id/:slug',
  '/providers/:id',
  '/privacy',
  '/terms',
  '/support',
];

export interface PageRendering {
  /** Answers a page's address: the rendered page, or the app's shell for a signed-in screen. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The shell (index.html) cut once, at start, where a rendered page goes: its language, its head,
 * its markup and its data, and without the entry's module script (see below). A page is then
 * joined from the pieces: no pattern runs over the page's 100 KB for each request, and the page's
 * text goes in as it is (String.replace would read `$&`, `$'` or a backtick after `$` in a
 * service's description as patterns, and copy parts of the shell into the page).
 *
 * The page comes out as bytes, made once (the ETag's hash and the socket would otherwise each
 * encode it again), and made in three parts: the markup, and the pieces before and after it. A page
 * with Bengali or ৳ in it is a string of two bytes a character, and joined into one string an All
 * Services page is over the 128 KB past which V8 gives a string memory of its own, fresh from the
 * system and given back at the next collection (30 page faults a page). Encoded in parts it was
 * 13 % less CPU a page (3.17 → 2.75 ms, 3 faults a page).
 */
function shellTemplate(shell: string): (page: RenderedPage) => Buffer {
  const HOLE = '\u0000';
  const pieces = shell
    // The app's code loads once the page has painted: route-preload.js adds the entry then (it
    // knows its address), so the HTML, stylesheet and largest image come first on a slow link.
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/<html lang="[^"]*"/, `<html lang="${HOLE}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${HOLE}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${HOLE}</div>`)
    .replace('</body>', `  <script type="application/json" id="meramot-state">${HOLE}</script>\n  </body>`)
    .split(HOLE);
  if (pieces.length !== 5) throw new Error('index.html lacks <html lang>, </head>, <div id="root"></div> or </body>.');
  const [start, afterLang, afterHead, afterHtml, end] = pieces as [string, string, string, string, string];
  return (page) =>
    Buffer.concat([
      Buffer.from(start + page.lang + afterLang + page.head + afterHead),
      Buffer.from(page.html),
      Buffer.from(afterHtml + page.state + end),
    ]);
}

/**
 * Pages handed to a render worker at once: it renders them one after another without waiting for
 * the main thread to hand it the next. Given one at a time it sat idle half the time (rendered
 * service pages on 2 cores: 800-960 req/s, against 1,080-1,200 with 8 or 16; docs/performance.md).
 */
const PAGES_QUEUED_PER_WORKER = 16;

/**
 * Where a loaded page is rendered: in worker threads (a Piscina pool running the web build's
 * render worker) when `threads` is above 0, so the main thread goes on serving requests and reading
 * the database while pages render on another core; here otherwise.
 */
function renderPlace(
  app: FastifyInstance,
  renderer: PageRenderer,
  worker: string,
  threads: number,
): (page: LoadedPublicPage, origin: string) => Promise<RenderedPage> {
  if (threads <= 0 || !existsSync(worker)) return (page, origin) => renderer.renderLoaded(page, origin);
  const pool = new Piscina<{ page: LoadedPublicPage; origin: string }, RenderedPage>({
    filename: pathToFileURL(worker).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: PAGES_QUEUED_PER_WORKER,
    // The worker runs the web build's JavaScript only: not through the server's TypeScript loader
    // (tsx, which a worker would inherit), whose copy of a module the build's chunks do not share.
    execArgv: [],
  });
  app.addHook('onClose', () => pool.close());
  return (page, origin) => pool.run({ page, origin });
}

export async function pageRoutes(
  app: FastifyInstance,
  opts: { webDist: string; publicUrl: string; renderThreads: number },
): Promise<PageRendering | null> {
  const entry = path.join(opts.webDist, '.ssr', 'entry-server.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`No ${entry}: public pages are rendered in the browser only (build the web app).`);
    return null;
  }
  const fillShell = shellTemplate(readFileSync(path.join(opts.webDist, 'index.html'), 'utf8'));
  const { renderer } = (await import(pathToFileURL(entry).href)) as { renderer: PageRenderer };
  const render = renderPlace(app, renderer, path.join(opts.webDist, '.ssr', 'render-worker.mjs'), opts.renderThreads);

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);

  const rendering: PageRendering = {
    async answer(request, reply) {
      let page: RenderedPage | null;
      try {
        const loaded = await renderer.load(request.url, pageDataSource(app, request, reply), opts.publicUrl);
        page = loaded && (await render(loaded, opts.publicUrl));
      } catch (error) {
        // The database is out, say: the app's shell still starts, and shows its own error.
        request.log.error({ err: error }, 'server rendering failed; the app renders in the browser');
        return sendShell(reply);
      }
      if (!page) return sendShell(reply);
      if (page.redirect) return reply.code(301).header('cache-control', 'no-cache').redirect(page.redirect, 301);
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', page.lang)
        .send(fillShell(page));
    },
  };

  for (const url of PAGE_ROUTES) {
    for (const at of [url, url === '/' ? '/bn' : `/bn${url}`]) {
      app.get(at, { schema: { hide: true }, config: { responseCache: true } }, (request, reply) =>
        rendering.answer(request, reply),
      );
    }
  }
  return rendering;
}
