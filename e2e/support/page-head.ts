/**
 * A small reader of a server-rendered page's <head> (no HTML parser dependency): its title, its
 * <meta> and <link> tags by their attributes, and its JSON-LD scripts, parsed. Enough for the head
 * the server writes (apps/web/src/app/ssr/head.ts): one tag per element, attributes in double quotes.
 */

export interface HeadTag {
  /** The tag's attributes, names lower case, values with their HTML entities decoded. */
  attrs: Record<string, string>;
}

export interface ParsedHead {
  title: string | null;
  metas: HeadTag[];
  links: HeadTag[];
  /** The text of each <script type="application/ld+json">, as written. */
  jsonLdTexts: string[];
  /** The content of the meta whose property (OpenGraph) or name (description, Twitter) is `key`; null when absent. */
  meta(key: string): string | null;
  /** Every meta with that property or name (OpenGraph repeats some). */
  metaAll(key: string): string[];
  /** The href of the one link rel="canonical"; null when absent. */
  canonical(): string | null;
  /** hreflang → href of the rel="alternate" links. */
  alternates(): Record<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML entities (named ones the server writes, decimal and hex) decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The attributes of one start tag's text (`<meta a="b" c='d' e>`). */
function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<\s*[a-z0-9-]+/i, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Parses the <head> of an HTML document. */
export function parseHead(html: string): ParsedHead {
  const match = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html);
  if (!match) throw new Error('The document has no <head>');
  const head = match[1]!;
  const tags = (name: string) => [...head.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((m) => m[0]);
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head);
  const metas = tags('meta').map((t) => ({ attrs: attributes(t) }));
  const links = tags('link').map((t) => ({ attrs: attributes(t) }));
  const jsonLdTexts = [...head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => attributes(`<script ${m[1]}>`).type === 'application/ld+json')
    .map((m) => m[2]!);
  const metaAll = (key: string) =>
    metas.filter((m) => m.attrs.property === key || m.attrs.name === key).map((m) => m.attrs.content ?? '');
  return {
    title: title ? decodeEntities(title[1]!) : null,
    metas,
    links,
    jsonLdTexts,
    meta: (key) => metaAll(key)[0] ?? null,
    metaAll,
    canonical: () => {
      const found = links.filter((l) => l.attrs.rel === 'canonical');
      if (found.length > 1) throw new Error(`${found.length} canonical links`);
      return found[0]?.attrs.href ?? null;
    },
    alternates: () =>
      Object.fromEntries(
        links
          .filter((l) => l.attrs.rel === 'alternate' && l.attrs.hreflang)
          .map((l) => [l.attrs.hreflang!, l.attrs.href ?? '']),
      ),
  };
}

/** An address that is absolute (a scheme and a host), as link previews and search engines need. */
export function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}
