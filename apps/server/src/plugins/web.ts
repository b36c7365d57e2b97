import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { pageRoutes, type PageRendering } from '../routes/pages';

/**
 * Serves the shipped images at /images and the built web app at /: the public pages rendered on
 * the server (routes/pages), index.html for the signed-in screens, and the not-found page with 404
 * for any other address. Unknown /api paths answer a JSON 404.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { webDist?: string; imagesDir: string; publicUrl: string; renderThreads: number },
  ) => {
    await app.register(fastifyStatic, {
      root: opts.imagesDir,
      prefix: '/images/',
      decorateReply: false,
      maxAge: '7d',
    });
    // Images may be shown by other sites and apps (helmet's default is same-origin).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/images/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      return payload;
    });
    const webDist = opts.webDist && existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : null;
    if (webDist) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
        preCompressed: true,
        // Cache-Control comes from setHeaders alone (send's own header would replace it).
        cacheControl: false,
        setHeaders(res, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const pages: PageRendering | null = webDist
      ? await pageRoutes(app, { webDist, publicUrl: opts.publicUrl, renderThreads: opts.renderThreads })
      : null;
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      if (
        webDist &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        url !== '/api'
      ) {
        if (pages) return pages.answer(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
      }
      return reply.code(404).send({ error: `No route ${request.method} ${url}.` });
    });
  },
);
