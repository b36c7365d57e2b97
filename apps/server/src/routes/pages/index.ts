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
 * Pages handed to a render worker at once: it renders them one after another without waiting for
 * the main thread to hand it the next. Given one at a time it sat idle half the time (rendered
 * service pages on 2 cores: 800-960 req/s, against 1,080-1,200 with 8 or 16; docs/performance.md).
 */
const PAGES_QUEUED_PER_WORKER = 16;

/**
 * Where a loaded page is rendered: in worker threads (a Piscina pool running render-worker.mjs,
 * which renders with the web build's server entry) when `threads` is above 0, so the main thread
 * goes on serving requests and reading the database while pages render on another core; on the
 * main thread otherwise. Either way the page comes as its document's bytes (from a worker, handed
 * over without a copy): the main thread's heap never holds a page's markup.
 */
function renderPlace(
  app: FastifyInstance,
  renderer: PageRenderer,
  opts: { entry: string; shell: string; threads: number },
): (page: LoadedPublicPage, origin: string) => Promise<RenderedPage> {
  if (opts.threads <= 0) return renderer.documents(opts.shell);
  const pool = new Piscina<{ page: LoadedPublicPage; origin: string }, RenderedPage>({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    workerData: { entry: pathToFileURL(opts.entry).href, shell: opts.shell },
    minThreads: opts.threads,
    maxThreads: opts.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: PAGES_QUEUED_PER_WORKER,
    // The worker runs plain JavaScript (its own module and the web build's): not through the
    // server's TypeScript loader, which a worker inherits and whose copy of a module the build's
    // chunks did not share (React's hooks then found no renderer).
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
  const shell = readFileSync(path.join(opts.webDist, 'index.html'), 'utf8');
  const { renderer } = (await import(pathToFileURL(entry).href)) as { renderer: PageRenderer };
  const render = renderPlace(app, renderer, { entry, shell, threads: opts.renderThreads });

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);

  const rendering: PageRendering = {
    async answer(request, reply) {
      let page: RenderedPage;
      try {
        const loaded = await renderer.load(request.url, pageDataSource(app, request, reply), opts.publicUrl);
        if (!loaded) return sendShell(reply);
        // Not the page's canonical address: answered here, nothing to render.
        if (loaded.redirect) return reply.code(301).header('cache-control', 'no-cache').redirect(loaded.redirect, 301);
        page = await render(loaded, opts.publicUrl);
      } catch (error) {
        // The database is out, say: the app's shell still starts, and shows its own error.
        request.log.error({ err: error }, 'server rendering failed; the app renders in the browser');
        return sendShell(reply);
      }
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', page.lang)
        .send(Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength));
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
