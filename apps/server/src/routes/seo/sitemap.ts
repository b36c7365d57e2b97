import { sql, type SQL } from 'drizzle-orm';
import { languagePrefix, providerPath, servicePath, SLUG_MAX, type PageLanguage } from '@meramot/shared';
import { queryRows, type Db } from '../../db/client';

/*
 * The sitemaps (sitemaps.org protocol 0.9) of the public pages, built from the database as they are
 * asked for. Every page has an English and a Bangla address; each <url> names both (and English as
 * x-default), so one page makes two URLs.
 *
 * How the catalogue is split into files: by ranges of ids. The public services (and the providers)
 * are taken in id order; file 1 starts at the first id, and the first id of each next file is found
 * by one keyset pass over the ids: from a file's first id, skip one file's worth of rows (OFFSET
 * within that window only) and take the next id. Every row is stepped over once in the whole pass,
 * never again from the start, and nothing but the few first ids leaves the database. File n then
 * holds the public rows whose id is at least its first id and below the next file's, read in pages
 * of a few thousand rows (keyset: id > the page's last id), each written to the response before the
 * next is read. The first ids are kept for a while (`SplitOptions.ttlMs`), so a crawler reading the
 * index and then its files reads files that fit together.
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The protocol's bounds for one sitemap file: 50,000 URLs and 50 MiB uncompressed. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_FILE_BYTES = 52_428_800;

export const LANGUAGES: readonly PageLanguage[] = ['en', 'bn'];

/** The fixed public pages, by their English path. */
export const FIXED_PAGES = ['/', '/services', '/privacy', '/terms', '/support'] as const;

/** A fixed page's path in a language (the Bangla home is /bn/). */
export const pagePath = (path: string, lang: PageLanguage) => `${languagePrefix(lang)}${path}`;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/**
 * The two <url> entries of one page, English then Bangla, each listing both addresses and English
 * as x-default. `base` is the public address, already XML-escaped; the paths are percent-encoded.
 */
export function urlPair(base: string, en: string, bn: string, lastmod?: string): string {
  const enUrl = base + xmlEscape(en);
  const bnUrl = base + xmlEscape(bn);
  const tail =
    (lastmod ? `<lastmod>${lastmod}</lastmod>` : '') +
    `<xhtml:link rel="alternate" hreflang="en" href="${enUrl}"/>` +
    `<xhtml:link rel="alternate" hreflang="bn" href="${bnUrl}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${enUrl}"/></url>\n`;
  return `<url><loc>${enUrl}</loc>${tail}<url><loc>${bnUrl}</loc>${tail}`;
}

/** The sitemap of the fixed pages (always one file: ten URLs). */
export function pagesSitemap(base: string): string {
  const entries = FIXED_PAGES.map((path) => urlPair(base, pagePath(path, 'en'), pagePath(path, 'bn'))).join('');
  return URLSET_OPEN + entries + URLSET_CLOSE;
}

/** The sitemap index: the fixed pages' file, then the services' files, then the providers'. */
export function sitemapIndex(base: string, counts: Record<CatalogueKind, number>): string {
  const files = ['sitemap-pages.xml'];
  for (const kind of CATALOGUE_KINDS) {
    for (let n = 1; n <= counts[kind]; n++) files.push(catalogueFileName(kind, n));
  }
  const entries = files.map((file) => `<sitemap><loc>${base}/${file}</loc></sitemap>\n`).join('');
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries}</sitemapindex>\n`;
}

export const CATALOGUE_KINDS = ['services', 'providers'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** At the site root: a sitemap may only list URLs under its own folder. */
export const catalogueFileName = (kind: CatalogueKind, n: number) => `sitemap-${kind}-${n}.xml`;

/** The part of a key range a query reads: from `from` (inclusive) or after `after`, below `to`. */
export interface IdRange {
  from?: string | null;
  after?: string | null;
  to?: string | null;
}

const publicService = sql`s.status = 'active' AND s.deleted_at IS NULL`;

function rangeConditions(column: SQL, range: IdRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.after) conditions.push(sql`${column} > ${range.after}`);
  else if (range.from) conditions.push(sql`${column} >= ${range.from}`);
  if (range.to) conditions.push(sql`${column} < ${range.to}`);
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

interface Catalogue<Row extends { id: string }> {
  /** The public ids in order, from `from` on, skipping `skip`: at most one row. */
  idAt(from: string | null, skip: number): SQL;
  /** A page of rows of a range, in id order. */
  rows(range: IdRange, limit: number): SQL;
  entry(base: string, row: Row): string;
  /** At most this many rows per file, given the URL limit and the public address's length. */
  perFile(urlsPerFile: number, base: string): number;
}

interface ServiceRow {
  id: string;
  name: string;
  lastmod: string;
}

/** A service's two paths; its id alone when its name gives no valid slug. */
function servicePaths(row: ServiceRow): [string, string] {
  const service = { _id: row.id, serviceName: row.name };
  try {
    return [servicePath(service, 'en'), servicePath(service, 'bn')];
  } catch {
    // encodeURIComponent refuses a lone surrogate (a name cut inside a character): the id-only
    // address, which the web app answers and replaces with its canonical one.
    return [`/services/${row.id}`, `${languagePrefix('bn')}/services/${row.id}`];
  }
}

/** The largest one entry pair can be: every slug character percent-encoded as 3 bytes (9 characters). */
function largestServicePair(base: string): number {
  const slug = '%E0%A6%95'.repeat(SLUG_MAX);
  const id = '00000000-0000-0000-0000-000000000000';
  const pair = urlPair(
    base,
    `/services/${id}/${slug}`,
    `${languagePrefix('bn')}/services/${id}/${slug}`,
    '2000-01-01T00:00:00Z',
  );
  return Buffer.byteLength(pair);
}

const byUrls = (urlsPerFile: number) => Math.max(1, Math.floor(urlsPerFile / LANGUAGES.length));
const FRAME_BYTES = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);

const services: Catalogue<ServiceRow> = {
  idAt: (from, skip) => sql`
    SELECT s.id FROM services s
    WHERE ${and([publicService, ...rangeConditions(sql`s.id`, { from })])}
    ORDER BY s.id OFFSET ${skip} LIMIT 1`,
  rows: (range, limit) => sql`
    SELECT s.id, s.service_name AS name,
      to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
    FROM services s
    WHERE ${and([publicService, ...rangeConditions(sql`s.id`, range)])}
    ORDER BY s.id LIMIT ${limit}`,
  entry: (base, row) => {
    const [en, bn] = servicePaths(row);
    return urlPair(base, en, bn, row.lastmod);
  },
  // A slug is at most SLUG_MAX characters but up to 9 bytes each once percent-encoded (Bangla), so
  // the 50 MiB bound, not the URL count, decides for services: as many as fit at the largest.
  perFile: (urlsPerFile, base) =>
    Math.max(1, Math.min(byUrls(urlsPerFile), Math.floor((MAX_FILE_BYTES - FRAME_BYTES) / largestServicePair(base)))),
};

const hasPublicService = sql`EXISTS (SELECT 1 FROM services s WHERE s.provider_id = u.id AND ${publicService})`;

const providers: Catalogue<{ id: string }> = {
  idAt: (from, skip) => sql`
    SELECT u.id FROM users u
    WHERE ${and([hasPublicService, ...rangeConditions(sql`u.id`, { from })])}
    ORDER BY u.id OFFSET ${skip} LIMIT 1`,
  rows: (range, limit) => sql`
    SELECT u.id FROM users u
    WHERE ${and([hasPublicService, ...rangeConditions(sql`u.id`, range)])}
    ORDER BY u.id LIMIT ${limit}`,
  entry: (base, row) => urlPair(base, providerPath(row.id, 'en'), providerPath(row.id, 'bn')),
  // A provider's addresses have a fixed length (about 1 KB a pair): the URL count decides.
  perFile: (urlsPerFile) => byUrls(urlsPerFile),
};

const CATALOGUES: Record<CatalogueKind, Catalogue<{ id: string }>> = {
  services: services as unknown as Catalogue<{ id: string }>,
  providers,
};

/** Runs one read (on the read replica when there is one). */
export type Read = <T>(query: SQL) => Promise<T[]>;

export const readFrom =
  (db: Db): Read =>
  (query) =>
    queryRows(db, query);

export interface SplitOptions {
  /** URLs per file at most (the protocol's 50,000 by default; both languages of a page count). */
  urlsPerFile: number;
  /** Rows read per query while a file is written. */
  pageRows: number;
  /** How long the files' first ids are reused before the pass runs again. */
  ttlMs: number;
}

/**
 * One catalogue's files: their first ids (found by the keyset pass, kept for `ttlMs`, one pass at
 * a time however many requests wait for it) and the XML of each file, as a stream of chunks.
 */
export class CatalogueFiles {
  private readonly catalogue: Catalogue<{ id: string }>;
  readonly perFile: number;
  private cached: { at: number; starts: Promise<string[]> } | null = null;

  constructor(
    kind: CatalogueKind,
    private readonly read: Read,
    private readonly base: string,
    private readonly options: SplitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.catalogue = CATALOGUES[kind];
    this.perFile = this.catalogue.perFile(options.urlsPerFile, base);
  }

  /** The first id of each file, in order (none: no public row). */
  starts(): Promise<string[]> {
    const cached = this.cached;
    if (cached && this.now() - cached.at < this.options.ttlMs) return cached.starts;
    const starts = this.findStarts();
    const entry = { at: this.now(), starts };
    this.cached = entry;
    // A failed pass is not kept: the next request runs it again.
    starts.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return starts;
  }

  private async findStarts(): Promise<string[]> {
    const starts: string[] = [];
    let from: string | null = null;
    for (;;) {
      const rows: { id: string }[] = await this.read(this.catalogue.idAt(from, from ? this.perFile : 0));
      const row = rows[0];
      if (!row) return starts;
      starts.push(row.id);
      from = row.id;
    }
  }

  /**
   * File n (from 1): null past the last file, else its chunks. The first page is read before this
   * resolves (a database failure is then a plain error answer, not a cut stream); each next page
   * is asked for while the previous one is being written.
   */
  async file(n: number): Promise<AsyncGenerator<string> | null> {
    const starts = await this.starts();
    if (!Number.isSafeInteger(n) || n < 1 || n > starts.length) return null;
    const range = { from: starts[n - 1]!, to: starts[n] ?? null };
    const { pageRows } = this.options;
    const cap = this.perFile;
    const first = await this.read<{ id: string }>(this.catalogue.rows(range, Math.min(pageRows, cap)));
    return this.chunks(range, first, cap);
  }

  private async *chunks(range: IdRange, first: { id: string }[], cap: number): AsyncGenerator<string> {
    const { pageRows } = this.options;
    yield URLSET_OPEN;
    let rows = first;
    let asked = Math.min(pageRows, cap);
    let written = 0;
    for (;;) {
      written += rows.length;
      const last = rows.at(-1);
      let next: Promise<{ id: string }[]> | null = null;
      // A full page below the cap: there may be more.
      if (last && rows.length === asked && written < cap) {
        asked = Math.min(pageRows, cap - written);
        next = this.read<{ id: string }>(this.catalogue.rows({ after: last.id, to: range.to }, asked));
        // Handled here too: a reader that goes away leaves it unawaited.
        next.catch(() => undefined);
      }
      let chunk = '';
      for (const row of rows) chunk += this.catalogue.entry(this.base, row);
      if (chunk) yield chunk;
      if (!next) break;
      rows = await next;
    }
    yield URLSET_CLOSE;
  }
}
