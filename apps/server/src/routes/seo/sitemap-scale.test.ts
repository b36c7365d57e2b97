import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, providerPath, servicePath } from '@meramot/shared';
import { buildApp } from '../../app';
import { queryRows, type Database } from '../../db/client';
import { freshDatabase, testConfig } from '../../../test/helpers';
import { CatalogueFiles, MAX_FILE_BYTES, MAX_URLS_PER_FILE, SITEMAP_NS } from './sitemap';

/*
 * The sitemaps at scale, through the whole app as shipped (50,000 URLs a file at most, the split
 * kept while a crawler reads the index and then its files): 100,000 services of a dozen providers,
 * inserted by plain SQL (one INSERT ... SELECT over generate_series: the sitemap reads only
 * services and users, so no bookings or reviews are made), with distinct names (English and
 * Bangla), creation times spread over two years and not quite in insertion order, about 5 % paused
 * and 4 % deleted (scattered by a hash of the row's number, the same on every run), and at every
 * boundary between two services files a run of services sharing one creation time (so the split
 * must break ties by id there). Then the index and every file it lists are read as a stream and
 * parsed by a strict XML parser: every public service's two addresses (English, Bangla) are listed
 * exactly once, in creation order, no paused or deleted service is, and no file passes 50,000 URLs
 * or 50 MiB.
 *
 * Size: 100,000 services on both databases (91,197 public: ten services files, nine boundaries
 * with their ties). On a busy 2-core machine the seed takes about 13 s on a PostgreSQL server
 * (TEST_DATABASE_URL) and 22 s on embedded PGlite, the whole file 24-35 s and 39-40 s: most of
 * the seed is the search columns, indexes and word counts the services table keeps up on insert
 * (the text is kept short for that). The bulk seeder, with its bookings and reviews, took 70-117 s
 * on PostgreSQL, and 34-81 s on PGlite for only 25,000 services.
 */

const SERVICES = 100_000;
/** Providers of the catalogue: service g is provider (g mod PROVIDERS)'s. */
const PROVIDERS = 12;
const PUBLIC_URL = 'https://meramot.example.com';
const XML = 'application/xml; charset=utf-8';
/** Services sharing one creation time at each boundary between files: 3 on each side. */
const TIE_RUN = 6;

const PUBLIC = sql`status = 'active' AND deleted_at IS NULL`;

let db: { database: Database; drop(): Promise<void> };
let app: FastifyInstance;
let webDist: string;
/** Services per file, as the app computes it for this public address (9,772). */
const perFile = new CatalogueFiles('services', async () => [], escapeHtml(PUBLIC_URL), {
  urlsPerFile: MAX_URLS_PER_FILE,
  pageRows: 2000,
  ttlMs: 0,
}).perFile;

const rows = <T>(query: SQL) => queryRows<T>(db.database.db, query);

beforeAll(async () => {
  db = await freshDatabase();
  const t = db.database.db;
  await t.execute(sql`
    INSERT INTO users (firebase_uid, email, display_name, email_verified, created_at)
    SELECT 'sitemap-scale-' || p, 'provider-' || p || '@sitemap-scale.meramot.test', 'Provider ' || p, true,
           now() - interval '800 days'
    FROM generate_series(1, ${PROVIDERS}::int) AS p`);
  // Service g is created in the g-th of SERVICES + 8 equal slots of the last two years, up to four
  // slots late (so creation order is not quite insertion order). h, an md5 of its number, gives its
  // dice: byte 0 pauses it (13 in 256, 5 %), byte 1 deletes it (10 in 256, 4 %; some both), byte 2
  // how late it is.
  await t.execute(sql`
    WITH providers AS (
      SELECT array_agg(id ORDER BY firebase_uid) AS ids, array_agg(display_name ORDER BY firebase_uid) AS names
      FROM users WHERE firebase_uid LIKE 'sitemap-scale-%'
    ), generated AS (
      SELECT g, decode(md5('sitemap-scale-' || g), 'hex') AS h,
             now() - interval '730 days' + interval '730 days' * g / ${SERVICES + 8}::int AS slot
      FROM generate_series(1, ${SERVICES}::int) AS g
    ), timed AS (
      SELECT g, h, slot + interval '730 days' / ${SERVICES}::int * get_byte(h, 2) / 64 AS c FROM generated
    )
    INSERT INTO services (provider_id, service_name, service_description, service_price, service_area, service_image,
                          provider_name, status, created_at, updated_at, deleted_at)
    SELECT p.ids[1 + g % ${PROVIDERS}::int],
           CASE WHEN g % 4 = 0 THEN 'মোবাইল মেরামত ' || g
                ELSE (ARRAY['Samsung', 'Walton', 'Apple', 'LG', 'Sony'])[1 + g % 5] || ' '
                  || (ARRAY['screen', 'battery', 'AC & gas', '"Smart" TV'])[1 + g / 5 % 4] || ' ' || g END,
           'Repairs.',
           100 + g % 40 * 50,
           (ARRAY['Dhaka', 'Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh'])[1 + g % 8],
           'https://images.meramot.example/services/' || g % 20 || '.jpg',
           p.names[1 + g % ${PROVIDERS}::int],
           CASE WHEN get_byte(h, 0) < 13 THEN 'paused' ELSE 'active' END,
           c,
           CASE WHEN get_byte(h, 1) < 10 THEN c + interval '1 minute' ELSE c END,
           CASE WHEN get_byte(h, 1) < 10 THEN c + interval '1 minute' END
    FROM timed CROSS JOIN providers p`);
  // Statistics for the planner: a new table has none, and without them the tie update below took
  // over 20 minutes on PGlite (planned as for an empty table).
  await t.execute(sql`ANALYZE services, users`);
  // Around each boundary between two files (the public service number k × perFile is the last of
  // file k), TIE_RUN services get the creation time of the run's first.
  const [{ n: publicCount } = { n: 0 }] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM services WHERE ${PUBLIC}`,
  );
  await t.execute(sql`
    WITH ordered AS (
      SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM services WHERE ${PUBLIC}
    ), tied AS (
      SELECT o.id, f.created_at AS at
      FROM generate_series(1, ${Math.ceil(publicCount / perFile) - 1}::int) AS k
      JOIN ordered f ON f.n = k * ${perFile} - ${TIE_RUN / 2 - 1}
      JOIN ordered o ON o.n >= f.n AND o.n < f.n + ${TIE_RUN}
    )
    UPDATE services s SET created_at = tied.at FROM tied WHERE s.id = tied.id`);

  webDist = mkdtempSync(path.join(os.tmpdir(), 'meramot-sitemap-scale-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Meramot</title>');
  app = await buildApp(
    testConfig({
      PUBLIC_URL,
      WEB_DIST: webDist,
      // Nothing else reads or writes while the sitemaps are read: no search index to build from the
      // 100,000 services, no booking-expiry sweep.
      SEARCH_INDEX: 'off',
      BOOKING_EXPIRY_SWEEP_MS: String(3_600_000),
    }),
    db.database,
  );
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await db?.database.close();
  await db?.drop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

interface Sitemap {
  root: string;
  /** The <loc> of each entry (<url> or <sitemap>), in order. */
  locs: string[];
  /** Entries without exactly one <loc>, elements out of place. */
  malformed: number;
  bytes: number;
}

/**
 * Reads one sitemap file as a stream through a strict, namespace-aware XML parser (it throws on
 * anything that is not well-formed XML) and answers its entries' addresses.
 */
async function readSitemap(file: string): Promise<Sitemap> {
  const res = await app.inject({ method: 'GET', url: file, payloadAsStream: true });
  expect(res.statusCode, file).toBe(200);
  expect(res.headers['content-type'], file).toBe(XML);
  const parser = new SaxesParser({ xmlns: true });
  const result: Sitemap = { root: '', locs: [], malformed: 0, bytes: 0 };
  let depth = 0;
  let locsInEntry = 0;
  let loc: string | null = null;
  parser.on('opentag', (tag) => {
    if (depth === 0) {
      result.root = tag.uri === SITEMAP_NS ? tag.local : `{${tag.uri}}${tag.local}`;
    } else if (depth === 1) {
      if (tag.uri !== SITEMAP_NS || tag.local !== (result.root === 'urlset' ? 'url' : 'sitemap')) result.malformed++;
      locsInEntry = 0;
    } else if (depth === 2 && tag.uri === SITEMAP_NS && tag.local === 'loc') {
      locsInEntry++;
      loc = '';
    }
    depth++;
  });
  parser.on('text', (text) => {
    if (loc !== null) loc += text;
  });
  parser.on('closetag', () => {
    depth--;
    if (depth === 2 && loc !== null) {
      result.locs.push(loc);
      loc = null;
    } else if (depth === 1 && locsInEntry !== 1) {
      result.malformed++;
    }
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of res.stream() as AsyncIterable<Buffer>) {
    result.bytes += chunk.length;
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
  return result;
}

const fileOf = (loc: string) => loc.slice(PUBLIC_URL.length);
/** The service id in a service page's address (…/services/{id}/{slug}). */
const serviceIdOf = (loc: string) => /\/services\/([0-9a-f-]{36})\//.exec(loc)?.[1] ?? loc;

describe(`the sitemap at ${SERVICES.toLocaleString('en')} services`, () => {
  it('lists every public service once, in creation order, no hidden one, every file within the limits', async () => {
    const listed = await rows<{ id: string; name: string; provider: string }>(sql`
      SELECT id, service_name AS name, provider_id AS provider FROM services WHERE ${PUBLIC} ORDER BY created_at, id`);
    const [hidden] = await rows<{ paused: number; deleted: number }>(sql`
      SELECT count(*) FILTER (WHERE status <> 'active')::int AS paused,
             count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted FROM services`);
    const hiddenIds = new Set(
      (await rows<{ id: string }>(sql`SELECT id FROM services WHERE NOT (${PUBLIC})`)).map((r) => r.id),
    );
    // The catalogue is as big as asked for, and a few percent of it is paused or deleted.
    expect(listed.length + hiddenIds.size).toBe(SERVICES);
    expect(hidden!.paused).toBeGreaterThan(SERVICES * 0.03);
    expect(hidden!.deleted).toBeGreaterThan(SERVICES * 0.02);
    const fileCount = Math.ceil(listed.length / perFile);
    expect(fileCount).toBeGreaterThanOrEqual(3);

    // The index: the fixed pages, then services files 1..n (n just enough for the public services
    // at perFile a file), then the providers' files; every one of them there, none past the end.
    const index = await readSitemap('/sitemap.xml');
    expect(index.root).toBe('sitemapindex');
    expect(index.malformed).toBe(0);
    const files = index.locs.map(fileOf);
    expect(index.locs.every((loc) => loc === PUBLIC_URL + fileOf(loc))).toBe(true);
    const serviceFiles = Array.from({ length: fileCount }, (_, i) => `/sitemap-services-${i + 1}.xml`);
    expect(files.slice(0, fileCount + 1)).toEqual(['/sitemap-pages.xml', ...serviceFiles]);
    const providerFiles = files.slice(fileCount + 1);
    expect(providerFiles).toEqual(providerFiles.map((_, i) => `/sitemap-providers-${i + 1}.xml`));
    expect(providerFiles.length).toBeGreaterThanOrEqual(1);
    for (const past of [
      `/sitemap-services-${fileCount + 1}.xml`,
      `/sitemap-providers-${providerFiles.length + 1}.xml`,
    ]) {
      expect((await app.inject({ method: 'GET', url: past })).statusCode, past).toBe(404);
    }

    // Every file of the index, one at a time (as a crawler would), within the protocol's bounds.
    const found: Record<'pages' | 'services' | 'providers', string[][]> = { pages: [], services: [], providers: [] };
    for (const file of files) {
      const sitemap = await readSitemap(file);
      expect(sitemap.root, file).toBe('urlset');
      expect(sitemap.malformed, file).toBe(0);
      expect(sitemap.locs.length, file).toBeGreaterThan(0);
      expect(sitemap.locs.length, file).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
      expect(sitemap.bytes, file).toBeLessThanOrEqual(MAX_FILE_BYTES);
      found[/^\/sitemap-(pages|services|providers)/.exec(file)![1] as 'pages'].push(sitemap.locs);
    }
    expect(found.pages.flat()).toHaveLength(10);

    // Every public service exactly once in each language, in order of creation (then id), and no
    // other address: a paused or deleted service is not there at all.
    const expected = listed.flatMap((s) => {
      const service = { _id: s.id, serviceName: s.name };
      return [PUBLIC_URL + servicePath(service, 'en'), PUBLIC_URL + servicePath(service, 'bn')];
    });
    const services = found.services.flat();
    const seen = new Map<string, number>();
    for (const loc of services) seen.set(loc, (seen.get(loc) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1).map(([loc]) => loc);
    const missing = expected.filter((loc) => !seen.has(loc));
    const hiddenListed = services.filter((loc) => hiddenIds.has(serviceIdOf(loc)));
    expect({
      twice: twice.length,
      missing: missing.length,
      hidden: hiddenListed.length,
      some: [...twice, ...missing, ...hiddenListed].slice(0, 5),
    }).toEqual({ twice: 0, missing: 0, hidden: 0, some: [] });
    expect(services.length).toBe(expected.length);
    expect(services.findIndex((loc, i) => loc !== expected[i])).toBe(-1);

    // Every services file but the last holds perFile services (two addresses each), the last the rest.
    expect(found.services.map((locs) => locs.length)).toEqual(
      serviceFiles.map((_, i) => 2 * Math.min(perFile, listed.length - i * perFile)),
    );

    // The boundaries fell inside runs of one creation time: the ties were split by id, once.
    const edges = found.services
      .slice(1)
      .flatMap((locs, i) => [serviceIdOf(found.services[i]!.at(-1)!), serviceIdOf(locs[0]!)]);
    const times = await rows<{ id: string; at: string }>(
      sql`SELECT id, created_at::text AS at FROM services WHERE id IN (${sql.join(
        edges.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const at = new Map(times.map((r) => [r.id, r.at]));
    for (let i = 0; i < edges.length; i += 2) expect(at.get(edges[i]!)).toBe(at.get(edges[i + 1]!));

    // The providers: everyone with a public service, once in each language.
    const providers = [...new Set(listed.map((s) => s.provider))];
    const providerLocs = found.providers.flat();
    expect(providerLocs).toHaveLength(providers.length * 2);
    expect(new Set(providerLocs)).toEqual(
      new Set(providers.flatMap((id) => [PUBLIC_URL + providerPath(id, 'en'), PUBLIC_URL + providerPath(id, 'bn')])),
    );
  }, 240_000);
});
