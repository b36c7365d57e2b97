import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, providerPath, servicePath } from '@meramot/shared';
import { buildApp } from '../../app';
import { services, users } from '../../db/schema';
import { freshDatabase, testConfig } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { seoRoutes, type SeoOptions } from './index';
import { CatalogueFiles, MAX_FILE_BYTES, SITEMAP_NS, urlPair, XHTML_NS, type Key, type Read } from './sitemap';

/*
 * robots.txt and the sitemaps, on a small catalogue written straight to the database: public
 * services with awkward names (&, quotes, Bangla), paused and deleted ones, providers with and
 * without a public service, and people with no service at all.
 */

const PUBLIC_URL = "https://meramot.example/shop&co's";
const BASE = escapeHtml(PUBLIC_URL);

let db: { database: Database; drop(): Promise<void> };
let app: FastifyInstance;
let webDist: string;

/** Public services by id: their name and when they were last changed. */
const publicServices = new Map<string, { name: string; updatedAt: Date }>();
const hiddenServices = new Set<string>();
const publicProviders = new Set<string>();
const otherPeople = new Set<string>();

async function person(name: string) {
  const [row] = await db.database.db
    .insert(users)
    .values({ firebaseUid: randomUUID(), email: `${randomUUID()}@example.com`, displayName: name })
    .returning({ id: users.id });
  return row!.id;
}

async function service(
  providerId: string,
  name: string,
  state: 'active' | 'paused' | 'deleted',
  updatedAt: Date,
  id?: string,
) {
  const [row] = await db.database.db
    .insert(services)
    .values({
      ...(id ? { id } : {}),
      providerId,
      serviceName: name,
      serviceDescription: 'A repair service used by the sitemap tests.',
      servicePrice: 500,
      serviceArea: 'Dhaka',
      serviceImage: 'https://example.com/x.webp',
      providerName: 'Provider',
      status: state === 'paused' ? 'paused' : 'active',
      deletedAt: state === 'deleted' ? new Date() : null,
      updatedAt,
    })
    .returning({ id: services.id });
  if (state === 'active') publicServices.set(row!.id, { name, updatedAt });
  else hiddenServices.add(row!.id);
  return row!.id;
}

beforeAll(async () => {
  db = await freshDatabase();
  const a = await person('A');
  const b = await person('B');
  const onlyPaused = await person('C');
  const onlyDeleted = await person('D');
  const customer = await person('E');
  const mixed = await person('F');
  publicProviders.add(a).add(b).add(mixed);
  otherPeople.add(onlyPaused).add(onlyDeleted).add(customer);
  const names = [
    'AC & Fridge <Repair>',
    'Tom\'s "best" phone fix',
    'ফ্রিজ মেরামত ও গ্যাস রিফিল',
    'Laptop keyboard',
    'TV repair',
    'Washing machine',
    'Microwave oven',
  ];
  for (const [i, name] of names.entries()) {
    await service(a, name, 'active', new Date(Date.UTC(2026, 0, 1 + i, 10, 20, 30, 456)));
  }
  await service(a, 'Paused one', 'paused', new Date());
  await service(a, 'Deleted one', 'deleted', new Date());
  await service(b, 'Generator repair', 'active', new Date(Date.UTC(2025, 5, 1)));
  await service(b, 'IPS inverter', 'active', new Date(Date.UTC(2025, 5, 2)));
  await service(onlyPaused, 'Only paused', 'paused', new Date());
  await service(onlyDeleted, 'Only deleted', 'deleted', new Date());
  await service(mixed, 'Camera repair', 'active', new Date(Date.UTC(2025, 6, 1)));
  await service(mixed, 'Camera lens', 'paused', new Date());
  // Three in one statement: one creation time, so their order (and the files' bounds) comes from their ids.
  const together = await db.database.db
    .insert(services)
    .values(
      ['Fan repair', 'Iron repair', 'Kettle repair'].map((serviceName) => ({
        providerId: b,
        serviceName,
        serviceDescription: 'Added together with two others.',
        servicePrice: 300,
        serviceArea: 'Khulna',
        serviceImage: 'https://example.com/y.webp',
        providerName: 'Provider',
        updatedAt: new Date(Date.UTC(2025, 7, 1)),
      })),
    )
    .returning({ id: services.id, name: services.serviceName, createdAt: services.createdAt });
  expect(new Set(together.map((row) => row.createdAt.getTime())).size).toBe(1);
  for (const row of together) publicServices.set(row.id, { name: row.name, updatedAt: new Date(Date.UTC(2025, 7, 1)) });

  // The whole app, with a built web app whose fallback serves index.html for unknown paths.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'meramot-seo-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Meramot</title>');
  app = await buildApp(testConfig({ PUBLIC_URL, WEB_DIST: webDist }), db.database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.database.close();
  await db?.drop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** The plugin alone on the test database, with small files. */
async function seoApp(options: Partial<SeoOptions>) {
  const small = Fastify();
  small.decorate('db', db.database.db);
  small.decorate('readRouter', null);
  await small.register(seoRoutes, { publicUrl: PUBLIC_URL, splitTtlSeconds: 0, ...options });
  await small.ready();
  return small;
}

// --- XML: a strict, namespace-aware parser, then the shape the sitemaps protocol gives.

interface Element {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

function parseXml(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [];
  let root: Element | null = null;
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.name] = attribute.value;
    }
    const element: Element = { uri: tag.uri, local: tag.local, attributes, children: [], text: '' };
    if (stack.length) stack.at(-1)!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    if (stack.length) stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (err) => {
    throw err;
  });
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function expectLoc(element: Element) {
  expect(element.children).toEqual([]);
  expect(element.text.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  expect(element.text.length).toBeLessThan(2048);
  expect(() => new URL(element.text)).not.toThrow();
}

/** Checks a sitemap index's shape and returns its files' paths (after the public address). */
function sitemapIndexFiles(xml: string): string[] {
  const root = parseXml(xml);
  expect(root).toMatchObject({ uri: SITEMAP_NS, local: 'sitemapindex' });
  expect(root.text.trim()).toBe('');
  return root.children.map((sitemap) => {
    expect(sitemap).toMatchObject({ uri: SITEMAP_NS, local: 'sitemap' });
    expect(sitemap.text.trim()).toBe('');
    const [loc, ...rest] = sitemap.children;
    expect(loc).toMatchObject({ uri: SITEMAP_NS, local: 'loc' });
    expectLoc(loc!);
    for (const extra of rest) expect(extra).toMatchObject({ uri: SITEMAP_NS, local: 'lastmod' });
    return loc!.text.slice(PUBLIC_URL.length);
  });
}

interface Url {
  loc: string;
  lastmod?: string;
  alternates: Record<string, string>;
}

/** Checks a urlset's shape and returns its URLs. */
function urlsetUrls(xml: string): Url[] {
  const root = parseXml(xml);
  expect(root).toMatchObject({ uri: SITEMAP_NS, local: 'urlset' });
  expect(root.text.trim()).toBe('');
  return root.children.map((url) => {
    expect(url).toMatchObject({ uri: SITEMAP_NS, local: 'url' });
    expect(url.text.trim()).toBe('');
    const [loc, ...rest] = url.children;
    expect(loc).toMatchObject({ uri: SITEMAP_NS, local: 'loc' });
    expectLoc(loc!);
    const result: Url = { loc: loc!.text, alternates: {} };
    for (const child of rest) {
      if (child.uri === SITEMAP_NS) {
        expect(child.local).toBe('lastmod');
        expect(result.lastmod).toBeUndefined();
        expect(Object.keys(result.alternates)).toEqual([]);
        expect(child.text).toMatch(W3C_DATETIME);
        result.lastmod = child.text;
      } else {
        expect(child).toMatchObject({ uri: XHTML_NS, local: 'link', children: [], text: '' });
        expect(Object.keys(child.attributes).sort()).toEqual(['href', 'hreflang', 'rel']);
        expect(child.attributes.rel).toBe('alternate');
        expect(['en', 'bn', 'x-default']).toContain(child.attributes.hreflang);
        expect(result.alternates[child.attributes.hreflang!]).toBeUndefined();
        result.alternates[child.attributes.hreflang!] = child.attributes.href!;
      }
    }
    return result;
  });
}

/** Every URL names its page in both languages, itself among them, and English as x-default; pairs follow each other. */
function expectPairs(urls: Url[]) {
  expect(urls.length % 2).toBe(0);
  for (let i = 0; i < urls.length; i += 2) {
    const [en, bn] = [urls[i]!, urls[i + 1]!];
    const alternates = { en: en.loc, bn: bn.loc, 'x-default': en.loc };
    expect(en.alternates).toEqual(alternates);
    expect(bn.alternates).toEqual(alternates);
    expect(bn.lastmod).toBe(en.lastmod);
  }
}

/** The uuid right after this one. */
function nextUuid(id: string): string {
  const hex = (BigInt(`0x${id.replaceAll('-', '')}`) + 1n).toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const get = (target: FastifyInstance, url: string) => target.inject({ method: 'GET', url });

/** Reads the index and every file it lists; answers the URLs of each catalogue kind. */
async function crawl(target: FastifyInstance) {
  const index = await get(target, '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const files = sitemapIndexFiles(index.body);
  const found = { pages: [] as Url[], services: [] as Url[], providers: [] as Url[], files };
  for (const file of files) {
    const res = await get(target, file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = urlsetUrls(res.body);
    expectPairs(urls);
    const kind = /^\/sitemap-(pages|services|providers)(-\d+)?\.xml$/.exec(file)![1] as 'pages';
    found[kind].push(...urls);
  }
  return found;
}

const w3c = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function expectCatalogue(found: Awaited<ReturnType<typeof crawl>>) {
  // Every public service once in each language, at its canonical address, with its last change.
  const expected = [...publicServices].flatMap(([id, { name, updatedAt }]) =>
    (['en', 'bn'] as const).map((lang) => ({
      loc: PUBLIC_URL + servicePath({ _id: id, serviceName: name }, lang),
      lastmod: w3c(updatedAt),
    })),
  );
  const sorted = <T extends { loc: string }>(list: T[]) => [...list].sort((x, y) => x.loc.localeCompare(y.loc));
  expect(sorted(found.services.map(({ loc, lastmod }) => ({ loc, lastmod })))).toEqual(sorted(expected));
  const listed = new Set(found.services.map((url) => url.loc.split('/services/')[1]!.split('/')[0]));
  for (const id of hiddenServices) expect(listed.has(id)).toBe(false);

  const providerLocs = [...publicProviders].flatMap((id) =>
    (['en', 'bn'] as const).map((lang) => PUBLIC_URL + providerPath(id, lang)),
  );
  expect(found.providers.map((url) => url.loc).sort()).toEqual(providerLocs.sort());
  for (const url of found.providers) expect(url.lastmod).toBeUndefined();
}

describe('robots.txt', () => {
  it('opens the public pages, closes the API and the signed-in screens in both languages, names the sitemap', async () => {
    const res = await get(app, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    // The reads the browser-rendered public pages make stay open to a search engine's renderer.
    expect(lines).toContain('Allow: /api/services');
    for (const screen of [
      '/add-service',
      '/manage-services',
      '/booked-services',
      '/bookings',
      '/service-todo',
      '/profile-settings',
      '/notifications',
    ]) {
      expect(lines).toContain(`Disallow: ${screen}`);
      expect(lines).toContain(`Disallow: /bn${screen}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Nothing public is closed: no Disallow is a prefix of a public page.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const page of ['/', '/services', '/services/x/y', '/providers/x', '/privacy', '/terms', '/support', '/bn/']) {
      expect(disallowed.filter((prefix) => page.startsWith(prefix))).toEqual([]);
    }
  });
});

describe('sitemaps', () => {
  it('are served before the web app fallback, cacheable, as XML', async () => {
    for (const url of ['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-services-1.xml', '/sitemap-providers-1.xml']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    }
    // HEAD says whether a file is there without reading it.
    const head = await app.inject({ method: 'HEAD', url: '/sitemap-services-1.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/sitemap-services-2.xml' })).statusCode).toBe(404);
    // The fallback still serves the web app for other paths.
    expect((await get(app, '/services')).body).toContain('<title>Meramot</title>');
  });

  it('the index lists the fixed pages, then the services, then the providers', async () => {
    const files = sitemapIndexFiles((await get(app, '/sitemap.xml')).body);
    expect(files).toEqual(['/sitemap-pages.xml', '/sitemap-services-1.xml', '/sitemap-providers-1.xml']);
  });

  it('the fixed pages: home, All Services, Privacy, Terms and Support in English and Bangla', async () => {
    const urls = urlsetUrls((await get(app, '/sitemap-pages.xml')).body);
    expectPairs(urls);
    expect(urls.map((u) => u.loc.slice(PUBLIC_URL.length))).toEqual([
      '/',
      '/bn/',
      '/services',
      '/bn/services',
      '/privacy',
      '/bn/privacy',
      '/terms',
      '/bn/terms',
      '/support',
      '/bn/support',
    ]);
  });

  it('with one file per kind, every public service and provider once, in both languages', async () => {
    const found = await crawl(app);
    expect(found.pages).toHaveLength(10);
    expectCatalogue(found);
  });

  it('escapes the public address and the names: & < > quotes never reach the XML raw', async () => {
    const body = (await get(app, '/sitemap-services-1.xml')).body;
    expect(body).toContain('https://meramot.example/shop&amp;co&#39;s/services/');
    expect(body).not.toMatch(/&(?!amp;|#39;|quot;|lt;|gt;)/);
    // The slugs are percent-encoded: the Bangla name arrives as %E0%A6...
    expect(body).toContain(`/bn/services/`);
    expect(body).toMatch(/\/services\/[0-9a-f-]{36}\/%E0%A6%AB%E0%A7%8D/);
  });

  it.each([
    { urlsPerFile: 5, pageRows: 1 },
    { urlsPerFile: 5, pageRows: 2000 },
    { urlsPerFile: 7, pageRows: 2 },
    { urlsPerFile: 2, pageRows: 3 },
  ])(
    'split into small files ($urlsPerFile URLs, $pageRows rows a query): each one once, none hidden',
    async (options) => {
      const small = await seoApp(options);
      try {
        const found = await crawl(small);
        expectCatalogue(found);
        const perFile = Math.floor(options.urlsPerFile / 2);
        const serviceFiles = found.files.filter((f) => f.startsWith('/sitemap-services-'));
        const providerFiles = found.files.filter((f) => f.startsWith('/sitemap-providers-'));
        expect(serviceFiles).toEqual(
          Array.from({ length: Math.ceil(publicServices.size / perFile) }, (_, i) => `/sitemap-services-${i + 1}.xml`),
        );
        expect(providerFiles).toEqual(
          Array.from(
            { length: Math.ceil(publicProviders.size / perFile) },
            (_, i) => `/sitemap-providers-${i + 1}.xml`,
          ),
        );
        for (const file of [...serviceFiles, ...providerFiles]) {
          const urls = urlsetUrls((await get(small, file)).body);
          expect(urls.length).toBeGreaterThan(0);
          expect(urls.length).toBeLessThanOrEqual(options.urlsPerFile);
        }
        // Past the end, a zero, a leading zero: no such file.
        for (const file of [
          `/sitemap-services-${serviceFiles.length + 1}.xml`,
          `/sitemap-providers-${providerFiles.length + 1}.xml`,
          '/sitemap-services-0.xml',
          '/sitemap-services-01.xml',
          '/sitemap-services-99999999999999999999.xml',
        ]) {
          const res = await get(small, file);
          expect(res.statusCode, file).toBe(404);
        }
      } finally {
        await small.close();
      }
    },
  );

  it('past the end answers 404 in the whole app too (not the web app)', async () => {
    const res = await get(app, '/sitemap-services-2.xml');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route GET /sitemap-services-2.xml.' });
  });

  it('with the split kept, a range that grew or shrank since holds its share, and nothing twice', async () => {
    const small = await seoApp({ urlsPerFile: 4, splitTtlSeconds: 3600 });
    const fileIds = async (file: string) =>
      urlsetUrls((await get(small, file)).body)
        .filter((url) => !url.loc.includes('/bn/'))
        .map((url) => url.loc.split('/services/')[1]!.split('/')[0]!);
    const [first, second] = await Promise.all([fileIds('/sitemap-services-1.xml'), fileIds('/sitemap-services-2.xml')]);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    // Right after the first service of file 1 (same creation time, next id): its range now holds three.
    const grown = nextUuid(first[0]!);
    const a = [...publicProviders][0]!;
    await service(a, 'Added later', 'active', new Date(), grown);
    await db.database.db.execute(
      sql`UPDATE services SET created_at = (SELECT created_at FROM services WHERE id = ${first[0]}) WHERE id = ${grown}`,
    );
    // File 2 loses one: its range then holds one only, and must not reach into file 3's.
    const setStatus = (status: string) =>
      db.database.db
        .update(services)
        .set({ status })
        .where(inArray(services.id, [second[1]!]));
    await setStatus('paused');
    try {
      const files = sitemapIndexFiles((await get(small, '/sitemap.xml')).body).filter((f) =>
        f.startsWith('/sitemap-services-'),
      );
      const seen: string[] = [];
      for (const file of files) {
        const ids = await fileIds(file);
        expect(ids.length).toBeLessThanOrEqual(2);
        seen.push(...ids);
      }
      expect(seen).toHaveLength(new Set(seen).size);
      expect(await fileIds('/sitemap-services-1.xml')).toEqual([first[0], grown]);
      expect(await fileIds('/sitemap-services-2.xml')).toEqual([second[0]]);
    } finally {
      publicServices.delete(grown);
      await db.database.db.delete(services).where(inArray(services.id, [grown]));
      await setStatus('active');
      await small.close();
    }
  });

  it('past its time, the kept split is answered while one pass runs again', async () => {
    let time = 0;
    const answers: Key[][] = [[{ id: 'a' }], [], [{ id: 'b' }], []];
    let reads = 0;
    const read = async <T>() => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answers.shift() as T[];
    };
    const files = new CatalogueFiles(
      'providers',
      read as Read,
      BASE,
      { urlsPerFile: 10, pageRows: 10, ttlMs: 1000 },
      () => time,
    );
    expect(await files.starts()).toEqual([{ id: 'a' }]);
    expect(reads).toBe(2);
    time = 999;
    expect(await files.starts()).toEqual([{ id: 'a' }]);
    expect(reads).toBe(2);
    // Stale: answered at once, and one pass (not two) begins.
    time = 1000;
    const [first, second] = await Promise.all([files.starts(), files.starts()]);
    expect([first, second]).toEqual([[{ id: 'a' }], [{ id: 'a' }]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(4);
    expect(await files.starts()).toEqual([{ id: 'b' }]);
    expect(reads).toBe(4);
  });

  it('keeps every services file under 50 MiB even when every slug is the longest Bangla one', () => {
    const files = new CatalogueFiles('services', async () => [], BASE, {
      urlsPerFile: 50_000,
      pageRows: 2000,
      ttlMs: 0,
    });
    const slug = encodeURIComponent('ক'.repeat(60));
    const id = randomUUID();
    const pair = urlPair(BASE, `/services/${id}/${slug}`, `/bn/services/${id}/${slug}`, '2026-01-01T00:00:00Z');
    expect(files.perFile).toBeGreaterThan(1000);
    expect(files.perFile).toBeLessThanOrEqual(25_000);
    expect(files.perFile * Buffer.byteLength(pair) + 200).toBeLessThanOrEqual(MAX_FILE_BYTES);
    // Providers' addresses are short: the URL count decides.
    expect(
      new CatalogueFiles('providers', async () => [], BASE, { urlsPerFile: 50_000, pageRows: 1, ttlMs: 0 }).perFile,
    ).toBe(25_000);
  });
});
