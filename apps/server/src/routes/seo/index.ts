import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '@meramot/shared';
import { queryRows } from '../../db/client';
import { robotsTxt } from './robots';
import {
  CATALOGUE_KINDS,
  CatalogueFiles,
  MAX_URLS_PER_FILE,
  pagesSitemap,
  sitemapIndex,
  type CatalogueKind,
  type Read,
} from './sitemap';

export interface SeoOptions {
  /** The site's public address (config PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** URLs per sitemap file at most (50,000, the protocol's limit, by default). */
  urlsPerFile?: number;
  /** Rows read per query while a sitemap file is written (2,000 by default). */
  pageRows?: number;
  /** How long the files' first keys are reused (600 s by default; 0: found again for every request). */
  splitTtlSeconds?: number;
}

/** Crawlers read these again after an hour at the soonest. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/**
 * robots.txt and the sitemaps, at the site root (registered before the web app's fallback):
 * /sitemap.xml, the index; /sitemap-pages.xml, the fixed pages; /sitemap-services-{n}.xml and
 * /sitemap-providers-{n}.xml, the catalogue, streamed from the database (see sitemap.ts).
 */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, opts) => {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const base = escapeHtml(publicUrl);
  // Public data only: the read replica answers when there is one.
  const read: Read = (query) =>
    app.readRouter ? app.readRouter.read((db) => queryRows(db, query)) : queryRows(app.db, query);
  const split = {
    urlsPerFile: Math.min(opts.urlsPerFile ?? MAX_URLS_PER_FILE, MAX_URLS_PER_FILE),
    pageRows: opts.pageRows ?? 2000,
    ttlMs: (opts.splitTtlSeconds ?? 600) * 1000,
  };
  const files: Record<CatalogueKind, CatalogueFiles> = {
    services: new CatalogueFiles('services', read, base, split),
    providers: new CatalogueFiles('providers', read, base, split),
  };
  const robots = robotsTxt(publicUrl);
  const pages = pagesSitemap(base);
  const route = { schema: { hide: true } };

  app.get('/robots.txt', route, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', route, async (_request, reply) => {
    const [services, providers] = await Promise.all([files.services.starts(), files.providers.starts()]);
    const body = sitemapIndex(base, { services: services.length, providers: providers.length });
    return reply.header('cache-control', CACHE_CONTROL).type(XML).send(body);
  });

  app.get('/sitemap-pages.xml', route, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type(XML).send(pages),
  );

  const catalogueFile = (kind: CatalogueKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { n } = request.params as { n: string };
    const number = /^[1-9]\d{0,8}$/.test(n) ? Number(n) : 0;
    // HEAD: whether the file is there, without reading it (a stream would be read to the end).
    const chunks =
      request.method === 'HEAD'
        ? (await files[kind].starts()).length >= number && number > 0
        : number > 0 && (await files[kind].file(number));
    if (!chunks) {
      return reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}.` });
    }
    reply.header('cache-control', CACHE_CONTROL).type(XML);
    return reply.send(chunks === true ? '' : Readable.from(chunks, { objectMode: false }));
  };
  for (const kind of CATALOGUE_KINDS) {
    app.get(`/sitemap-${kind}-:n(^\\d+).xml`, route, catalogueFile(kind));
  }
};
