import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer, RenderedPage } from '@meramot/shared';
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

/** The shell (index.html) with a rendered page in it. */
function fillShell(shell: string, page: RenderedPage): string {
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${page.head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`)
    .replace('</body>', `  <script type="application/json" id="meramot-state">${page.state}</script>\n  </body>`);
}

export async function pageRoutes(
  app: FastifyInstance,
  opts: { webDist: string; publicUrl: string },
): Promise<PageRendering | null> {
  const entry = path.join(opts.webDist, '.ssr', 'entry-server.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`No ${entry}: public pages are rendered in the browser only (build the web app).`);
    return null;
  }
  const shell = readFileSync(path.join(opts.webDist, 'index.html'), 'utf8');
  const { renderer } = (await import(pathToFileURL(entry).href)) as { renderer: PageRenderer };

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);

  const rendering: PageRendering = {
    async answer(request, reply) {
      let page: RenderedPage | null;
      try {
        page = await renderer.render(request.url, pageDataSource(app, request, reply), opts.publicUrl);
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
        .send(fillShell(shell, page));
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
