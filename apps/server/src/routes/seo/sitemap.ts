import { sql, type SQL } from 'drizzle-orm';
import { escapeHtml, languagePrefix, providerPath, servicePath, SLUG_MAX, type PageLanguage } from '@meramot/shared';

/*
 * The sitemaps (sitemaps.org protocol 0.9) of the public pages, built from the database as they are
 * asked for. Every page has an English and a Bangla address; each <url> names both (and English as
 * x-default), so one page makes two URLs.
 *
 * How the catalogue is split into files: by ranges of keys. The public services are taken in order
 * of (created_at, id), the providers in order of id. File 1 starts at the first key, and the first
 * key of each next file is found by one keyset pass: from a file's first key, skip one file's worth
 * of rows (an OFFSET within that window only, never from the start) and take the next key. Every
 * row is stepped over once in the whole pass, and only the files' first keys leave the database.
 * File n then holds the public rows from its first key up to the next file's, read in pages of a
 * few thousand rows (keyset: after the page's last key), each written to the response while the
 * next is read, and never more than a file's share, even if its range grew since the pass. The
 * first keys are kept for a while (`SplitOptions.ttlMs`) so that a crawler reading the index, then
 * its files, reads files that fit together.
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

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/**
 * The two <url> entries of one page, English then Bangla, each listing both addresses and English
 * as x-default. `base` is the public address, already XML-escaped; the paths are percent-encoded.
 */
export function urlPair(base: string, en: string, bn: string, lastmod?: string): string {
  const enUrl = base + escapeHtml(en);
  const bnUrl = base + escapeHtml(bn);
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

/**
 * Where a row stands in its catalogue's order: its id, and for services the creation time too
 * (ISO 8601 to the microsecond, so it goes back to the database unchanged).
 */
export interface Key {
  id: string;
  at?: string;
}

/** The part of a catalogue a query reads: from `from` (inclusive) or after `after`, below `to`. */
export interface KeyRange {
  from?: Key | null;
  after?: Key | null;
  to?: Key | null;
}

interface Catalogue<Row extends Key> {
  /** FROM and WHERE of the public rows. */
  source: SQL;
  /** The order, its columns as one row value, and a key as the same row value. */
  order: SQL;
  key: SQL;
  keyValue(key: Key): SQL;
  /** The selected columns: the key's (id, at) and those an entry needs. */
  keyColumns: SQL;
  rowColumns: SQL;
  entry(base: string, row: Row): string;
  /** At most this many rows per file, given the URL limit and the public address's length. */
  perFile(urlsPerFile: number, base: string): number;
}

function rangeConditions(catalogue: Catalogue<Key>, range: KeyRange): SQL[] {
  const { key } = catalogue;
  const conditions: SQL[] = [];
  if (range.after) conditions.push(sql` AND ${key} > ${catalogue.keyValue(range.after)}`);
  else if (range.from) conditions.push(sql` AND ${key} >= ${catalogue.keyValue(range.from)}`);
  if (range.to) conditions.push(sql` AND ${key} < ${catalogue.keyValue(range.to)}`);
  return conditions;
}

/** The key `skip` rows after `from` (or the first key): a step of the keyset pass. */
const keyAt = (c: Catalogue<Key>, from: Key | null, skip: number) =>
  sql.join([
    sql`SELECT ${c.keyColumns} ${c.source}`,
    ...rangeConditions(c, { from }),
    sql` ORDER BY ${c.order} OFFSET ${skip} LIMIT 1`,
  ]);

/** A page of a file: the rows of a range, in order. */
const rowsOf = (c: Catalogue<Key>, range: KeyRange, limit: number) =>
  sql.join([
    sql`SELECT ${c.keyColumns}, ${c.rowColumns} ${c.source}`,
    ...rangeConditions(c, range),
    sql` ORDER BY ${c.order} LIMIT ${limit}`,
  ]);

interface ServiceRow extends Key {
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

const utc = (column: SQL, format: string) => sql`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(`'${format}'`)})`;

/**
 * Services in order of creation (then id), the order of services_public_newest_idx, a partial
 * index of the public services: the rows of a range are found in the index alone, and as the
 * table's rows lie in about the order they were added, each page reads neighbouring table pages
 * (in id order, random v4 uuids, every row would be a page of its own). New services land in
 * the last file, so the others change only when a service is paused, deleted or renamed.
 */
const services: Catalogue<ServiceRow> = {
  source: sql`FROM services s WHERE s.status = 'active' AND s.deleted_at IS NULL`,
  order: sql`s.created_at, s.id`,
  key: sql`(s.created_at, s.id)`,
  keyValue: (key) => sql`(${key.at}::timestamptz, ${key.id}::uuid)`,
  keyColumns: sql`s.id, ${utc(sql`s.created_at`, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')} AS at`,
  rowColumns: sql`s.service_name AS name, ${utc(sql`s.updated_at`, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')} AS lastmod`,
  entry: (base, row) => {
    const [en, bn] = servicePaths(row);
    return urlPair(base, en, bn, row.lastmod);
  },
  // A slug is at most SLUG_MAX characters but up to 9 bytes each once percent-encoded (Bangla), so
  // the 50 MiB bound, not the URL count, decides for services: as many as fit at the largest.
  perFile: (urlsPerFile, base) =>
    Math.max(1, Math.min(byUrls(urlsPerFile), Math.floor((MAX_FILE_BYTES - FRAME_BYTES) / largestServicePair(base)))),
};

/** People with at least one public service, by id. */
const providers: Catalogue<Key> = {
  source: sql`FROM users u WHERE EXISTS (SELECT 1 FROM services s WHERE s.provider_id = u.id AND s.status = 'active' AND s.deleted_at IS NULL)`,
  order: sql`u.id`,
  key: sql`u.id`,
  keyValue: (key) => sql`${key.id}::uuid`,
  keyColumns: sql`u.id`,
  rowColumns: sql`1 AS one`,
  entry: (base, row) => urlPair(base, providerPath(row.id, 'en'), providerPath(row.id, 'bn')),
  // A provider's addresses have a fixed length (about 1 KB a pair): the URL count decides.
  perFile: (urlsPerFile) => byUrls(urlsPerFile),
};

const CATALOGUES: Record<CatalogueKind, Catalogue<Key>> = {
  services: services as unknown as Catalogue<Key>,
  providers,
};

/** Entries written to the response at a time. */
const CHUNK_ROWS = 200;

/** Runs one read (on the read replica when there is one). */
export type Read = <T>(query: SQL) => Promise<T[]>;

export interface SplitOptions {
  /** URLs per file at most (the protocol's 50,000 by default; both languages of a page count). */
  urlsPerFile: number;
  /** Rows read per query while a file is written. */
  pageRows: number;
  /** How long the files' first keys are reused before the pass runs again. */
  ttlMs: number;
}

/**
 * One catalogue's files: their first keys (found by the keyset pass, kept for `ttlMs`, one pass at
 * a time however many requests wait for it) and the XML of each file, as a stream of chunks.
 */
export class CatalogueFiles {
  private readonly catalogue: Catalogue<Key>;
  readonly perFile: number;
  private cached: { at: number; starts: Key[] } | null = null;
  private pending: Promise<Key[]> | null = null;

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

  /**
   * The first key of each file, in order (none: no public row). Past `ttlMs`, the kept keys are
   * still answered while the pass runs again for the next requests (one pass at a time); only the
   * first request, or every one with `ttlMs` 0, waits for it.
   */
  starts(): Promise<Key[]> {
    const cached = this.cached;
    if (cached && this.now() - cached.at < this.options.ttlMs) return Promise.resolve(cached.starts);
    const pending = this.pending ?? this.refresh();
    if (!cached || this.options.ttlMs === 0) return pending;
    // A failed pass in the background is run again by a later request.
    pending.catch(() => undefined);
    return Promise.resolve(cached.starts);
  }

  private refresh(): Promise<Key[]> {
    const at = this.now();
    const pending = this.findStarts()
      .then((starts) => {
        this.cached = { at, starts };
        return starts;
      })
      .finally(() => {
        if (this.pending === pending) this.pending = null;
      });
    this.pending = pending;
    return pending;
  }

  private async findStarts(): Promise<Key[]> {
    const starts: Key[] = [];
    let from: Key | null = null;
    for (;;) {
      const rows: Key[] = await this.read(keyAt(this.catalogue, from, from ? this.perFile : 0));
      const row = rows[0];
      if (!row) return starts;
      // Each step moves on (a key that came back changed could repeat one forever).
      if (from && row.id === from.id && row.at === from.at) throw new Error('The sitemap split did not move on.');
      starts.push(row);
      from = row;
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
    const first = await this.read<Key>(rowsOf(this.catalogue, range, Math.min(pageRows, cap)));
    return this.chunks(range, first, cap);
  }

  private async *chunks(range: KeyRange, first: Key[], cap: number): AsyncGenerator<string> {
    const { pageRows } = this.options;
    yield URLSET_OPEN;
    let rows = first;
    let asked = Math.min(pageRows, cap);
    let written = 0;
    for (;;) {
      written += rows.length;
      const last = rows.at(-1);
      let next: Promise<Key[]> | null = null;
      // A full page below the cap: there may be more.
      if (last && rows.length === asked && written < cap) {
        asked = Math.min(pageRows, cap - written);
        next = this.read<Key>(rowsOf(this.catalogue, { after: last, to: range.to }, asked));
        // Handled here too: a reader that goes away leaves it unawaited.
        next.catch(() => undefined);
      }
      // Chunks of a few hundred entries (under a megabyte, however long the slugs).
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
        let chunk = '';
        for (const row of rows.slice(i, i + CHUNK_ROWS)) chunk += this.catalogue.entry(this.base, row);
        yield chunk;
      }
      if (!next) break;
      rows = await next;
    }
    yield URLSET_CLOSE;
  }
}
