import type { PlatformStats, ProviderProfile, PublicReview, Service, ServiceList } from '@meramot/shared';
import { escapeHtml, providerPath, servicePath } from '@meramot/shared';
import { HERO_IMAGES } from '@/features/home/hero-images';
import { images, paths } from '@/config/paths';
import { BANGLA_FONT_FACES, BANGLA_FONT_FAMILY, banglaFontSource, BENGALI_RANGE } from '@/lib/bangla-font';
import { formatCount, formatOneDecimal, formatTaka } from '@/lib/format';
import { getResource, translate, type Language } from '@/lib/i18n';
import { BANGLA_FONT_STYLE_ID } from '@/lib/language';
import { localizePath } from '@/lib/page-language';
import type { ServicesParams } from '@/features/services/use-services-params';

/**
 * The <head> of a server-rendered public page (issue 22), in its language: title, description,
 * canonical address and its address in each language (hreflang), OpenGraph and Twitter card tags,
 * and JSON-LD (schema.org) for search engines. Built from the same data the page shows.
 */

/** What a page's head is made of. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's path in English (its other language's address is made from it). */
  path: string;
  /** All Services' query: part of its address (a search, an area, a page). */
  query?: string;
  /** An absolute or site-relative image for the link preview. */
  image?: string;
  imageAlt?: string;
  /** OpenGraph type: website, or profile for a provider. */
  type?: 'website' | 'profile' | 'product';
  jsonLd?: object[];
  /** Not worth indexing (the not-found page). */
  noindex?: boolean;
}

/** Everything a page's head may be made from. */
export type HeadData =
  | { page: 'home'; stats: PlatformStats | undefined }
  | { page: 'services'; params: ServicesParams; list: ServiceList | undefined; query: string }
  | { page: 'service'; service: Service; reviews: PublicReview[] }
  | { page: 'provider'; provider: ProviderProfile; services: Service[] }
  | { page: 'privacy' | 'terms' | 'support' }
  | { page: 'not-found'; path: string };

const DESCRIPTION_MAX = 200;
/** OpenGraph's locale of each language. */
const OG_LOCALES: Record<Language, string> = { en: 'en_US', bn: 'bn_BD' };
/** ISO 4217: prices are in Bangladeshi taka. */
const PRICE_CURRENCY = 'BDT';

/** One line of text, cut at a word to `max` characters with an ellipsis. */
function clip(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  // At most `max` UTF-16 units is at most as many characters: counted only past it.
  if (line.length <= max || [...line].length <= max) return line;
  const cut = [...line].slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?।-]+$/u, '')}…`;
}

const areaName = (area: string, lang: Language) => {
  const name = getResource('common', `areas.${area}`, lang);
  return typeof name === 'string' ? name : area;
};

/** The head of a page from its data, in `lang`. */
export function pageHead(data: HeadData, lang: Language): PageHead {
  const t = (key: string, options?: Record<string, string | number>) => translate('common', key, options, lang);
  const locale = lang === 'bn' ? 'bn-BD' : 'en-IN';
  switch (data.page) {
    case 'home':
      return {
        title: t('titles.default'),
        description: t('seo.homeDescription'),
        path: paths.home,
        image: HERO_IMAGES[0],
        jsonLd: [
          {
            '@type': 'WebSite',
            name: t('productName'),
            url: paths.home,
            potentialAction: {
              '@type': 'SearchAction',
              target: `${localizePath(paths.services, lang)}?search={search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      };
    case 'services': {
      const { params, list } = data;
      const services = formatCount(list?.total ?? 0, locale);
      const area = params.area ? areaName(params.area, lang) : null;
      const title = params.search
        ? t('seo.searchTitle', { search: params.search })
        : area
          ? t('seo.areaTitle', { area })
          : t('nav.allServices');
      const description = params.search
        ? t('seo.searchDescription', { search: params.search, services })
        : area
          ? t('seo.areaDescription', { area, services })
          : t('seo.servicesDescription', { services });
      return {
        title,
        description,
        path: paths.services,
        query: data.query,
        jsonLd: [
          breadcrumbs(lang, [
            [t('nav.home'), paths.home],
            [t('nav.allServices'), paths.services],
          ]),
        ],
      };
    }
    case 'service': {
      const { service } = data;
      const path = servicePath(service);
      const price = formatTaka(service.servicePrice, locale);
      const area = areaName(service.serviceArea, lang);
      return {
        title: service.serviceName,
        description: clip(
          t('seo.serviceDescription', {
            price,
            area,
            provider: service.providerName,
            description: service.serviceDescription,
          }),
        ),
        path,
        image: service.serviceImage || images.servicePlaceholder,
        imageAlt: service.serviceName,
        type: 'product',
        jsonLd: [
          serviceJsonLd(service, path, lang),
          breadcrumbs(lang, [
            [t('nav.home'), paths.home],
            [t('nav.allServices'), paths.services],
            [service.serviceName, path],
          ]),
        ],
      };
    }
    case 'provider': {
      const { provider } = data;
      const areas = provider.areas.map((a) => areaName(a, lang)).join(', ');
      const path = providerPath(provider.id);
      const values = {
        name: provider.displayName,
        areas,
        services: formatCount(provider.serviceCount, locale),
        reviews: formatCount(provider.reviewCount, locale),
        rating: provider.rating === null ? '' : formatOneDecimal(provider.rating, locale),
      };
      return {
        title: t('seo.providerTitle', values),
        description: clip(
          t(provider.rating === null ? 'seo.providerDescriptionNew' : 'seo.providerDescription', values),
        ),
        path,
        image: provider.photoURL ?? images.defaultAvatar,
        imageAlt: provider.displayName,
        type: 'profile',
        jsonLd: [
          providerJsonLd(provider, data.services, path, lang),
          breadcrumbs(lang, [
            [t('nav.home'), paths.home],
            [provider.displayName, path],
          ]),
        ],
      };
    }
    case 'privacy':
    case 'terms':
    case 'support': {
      const intro = getResource('pages', `${data.page}.intro`, lang);
      return {
        title: translate('pages', `${data.page}.title`, {}, lang),
        description: clip(
          typeof intro === 'string' ? intro.replace('{{email}}', t('footer.email')) : t('seo.homeDescription'),
        ),
        path: paths[data.page],
      };
    }
    case 'not-found':
      return { title: t('titles.notFound'), description: t('notFound.text'), path: data.path, noindex: true };
  }
}

/** A breadcrumb trail of [name, English path] pairs; its addresses in the page's language. */
function breadcrumbs(lang: Language, trail: [string, string][]): object {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: localizePath(path, lang),
    })),
  };
}

const rating = (value: number | null, count: number) =>
  value === null || count === 0
    ? undefined
    : { '@type': 'AggregateRating', ratingValue: value, reviewCount: count, bestRating: 5, worstRating: 1 };

function serviceJsonLd(service: Service, path: string, lang: Language): object {
  const url = localizePath(path, lang);
  return {
    '@type': 'Service',
    name: service.serviceName,
    description: service.serviceDescription,
    image: service.serviceImage || images.servicePlaceholder,
    url,
    areaServed: { '@type': 'AdministrativeArea', name: areaName(service.serviceArea, lang) },
    provider: {
      '@type': 'LocalBusiness',
      name: service.providerName,
      ...(service.providerId ? { url: localizePath(providerPath(service.providerId), lang) } : {}),
      ...(service.providerImage ? { image: service.providerImage } : {}),
      address: { '@type': 'PostalAddress', addressRegion: areaName(service.serviceArea, lang), addressCountry: 'BD' },
    },
    offers: {
      '@type': 'Offer',
      price: service.servicePrice.toFixed(2),
      priceCurrency: PRICE_CURRENCY,
      availability: 'https://schema.org/InStock',
      url,
    },
    aggregateRating: rating(service.rating, service.reviewCount),
  };
}

function providerJsonLd(provider: ProviderProfile, services: Service[], path: string, lang: Language): object {
  return {
    '@type': 'LocalBusiness',
    name: provider.displayName,
    url: localizePath(path, lang),
    image: provider.photoURL ?? images.defaultAvatar,
    address: {
      '@type': 'PostalAddress',
      ...(provider.areas[0] ? { addressRegion: areaName(provider.areas[0], lang) } : {}),
      addressCountry: 'BD',
    },
    areaServed: provider.areas.map((a) => ({ '@type': 'AdministrativeArea', name: areaName(a, lang) })),
    aggregateRating: rating(provider.rating, provider.reviewCount),
    makesOffer: services.map((s) => ({
      '@type': 'Offer',
      price: s.servicePrice.toFixed(2),
      priceCurrency: PRICE_CURRENCY,
      itemOffered: { '@type': 'Service', name: s.serviceName, url: localizePath(servicePath(s), lang) },
    })),
  };
}

/** JSON in a <script>: `<` escaped, so no text in it can close the script. `replacer` as JSON.stringify's. */
export const scriptJson = (value: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown) =>
  JSON.stringify(value, replacer).replace(/[<\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** The JSON-LD keys that hold an address. */
const ADDRESS_KEYS = new Set(['url', 'item', 'image', 'target']);

/** JSON-LD with every site-relative address absolute on `origin`, and no undefined values. */
function absolute(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string') return ADDRESS_KEYS.has(key) && value.startsWith('/') ? origin + value : value;
  if (Array.isArray(value)) return value.map((v) => absolute(v, origin, key));
  if (value && typeof value === 'object') {
    const made: Record<string, unknown> = {};
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) made[k] = absolute(v, origin, k);
    }
    return made;
  }
  return value;
}

/**
 * A Bangla page's Bengali font, in place for the first paint: its faces declared in the head (the
 * browser's app then adds none: lib/language.ts). Added by the app's script instead, it arrived
 * after the page was painted in the fallback font, and the swap moved the page (CLS 0.096 on /bn).
 * The device's own Noto Sans Bengali comes first (Android phones have it): our files are not
 * preloaded, as 92 KB preloaded with every Bangla page held its largest paint back by 0.5-0.8 s
 * (Lighthouse, slow 4G) even where the device had the font. Elsewhere the file is fetched when
 * Bangla text needs it; `font-display: optional` uses it if it is there within about 100 ms and
 * otherwise keeps the device's Bengali font for this page (the next has the file from the cache),
 * so the page never moves.
 */
const BANGLA_FONT_TAG = `<style id="${BANGLA_FONT_STYLE_ID}">${BANGLA_FONT_FACES.map(
  ({ weight, url }) =>
    `@font-face{font-family:'${BANGLA_FONT_FAMILY}';font-style:normal;font-weight:${weight};font-display:optional;` +
    `src:${banglaFontSource(url, weight)};unicode-range:${BENGALI_RANGE}}`,
).join('')}</style>`;

/** The head's tags as HTML, every address absolute on `origin`. */
export function headHtml(head: PageHead, lang: Language, origin: string): string {
  const productName = translate('common', 'productName', {}, lang);
  const fullTitle = `${head.title} | ${productName}`;
  const query = head.query ?? '';
  const url = (l: Language) => origin + localizePath(head.path, l) + query;
  const image = head.image ? (head.image.startsWith('/') ? origin + head.image : head.image) : undefined;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(fullTitle)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.noindex ? '' : `<link rel="canonical" href="${escapeHtml(url(lang))}" />`,
    head.noindex ? '' : `<link rel="alternate" hreflang="en" href="${escapeHtml(url('en'))}" />`,
    head.noindex ? '' : `<link rel="alternate" hreflang="bn" href="${escapeHtml(url('bn'))}" />`,
    head.noindex ? '' : `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('en'))}" />`,
    meta('property', 'og:site_name', productName),
    meta('property', 'og:type', head.type === 'profile' ? 'profile' : 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url(lang)),
    meta('property', 'og:locale', OG_LOCALES[lang]),
    meta('property', 'og:locale:alternate', OG_LOCALES[lang === 'bn' ? 'en' : 'bn']),
    image ? meta('property', 'og:image', image) : '',
    image && head.imageAlt ? meta('property', 'og:image:alt', head.imageAlt) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    image ? meta('name', 'twitter:image', image) : '',
    lang === 'bn' ? BANGLA_FONT_TAG : '',
    ...(head.jsonLd ?? []).map(
      (item) =>
        `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...(absolute(item, origin) as object) })}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}
