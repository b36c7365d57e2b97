import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { providerPath, servicePath } from '../../packages/shared/src/public-paths';
import { THEME_INIT_SCRIPT } from '../../packages/shared/src/theme-init';
import { allServices, listServices, type ApiService } from '../support/api';
import { BASE_URL } from '../support/env';
import { createServiceViaApi, freshAccount, savePhoneViaApi } from '../support/fresh';
import { banglaTaka, type Language } from '../support/language';
import { hydrated, ownsPageHeading } from '../support/hydrated';
import { waitForQuiet } from '../support/network';
import { cardPrice, servicesPage } from '../support/services-page';
import { decodeEntities, isAbsoluteUrl, parseHead } from '../support/page-head';

/**
 * The public pages rendered on the server (issue 22): without JavaScript each shows its content and
 * its forms and links work; with it, the browser's runtime (Preact) hydrates the server's (React's)
 * markup without a mismatch (every element the server sent is kept, with its text) and the page
 * becomes interactive; the head carries the link-preview tags
 * and JSON-LD; slugs redirect, unknown pages are 404, deleted services 410; pages revalidate with ETags.
 * (A visitor opening a shared service link, pressing Book Now, signing in and landing back on the
 * service is auth.spec.ts's 'a visitor reads /services/{id} at its readable address ...'.)
 */

/** A service as GET /api/services/{id} answers it (the list leaves out providerId). */
interface ServiceDetail extends ApiService {
  providerId?: string;
  rating: number | null;
  reviewCount: number;
}

interface ProviderProfile {
  id: string;
  displayName: string;
}

const test = base.extend<{ noJs: Page }>({
  /** A page in a browser context of its own with JavaScript disabled: only the server's HTML. */
  noJs: async ({ browser }, use) => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      javaScriptEnabled: false,
      timezoneId: 'Asia/Dhaka',
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    await use(await context.newPage());
    await context.close();
  },
});

/** A price as the pages print it: ৳1,200 in English, ৳১,২০০ in Bangla (lakh grouping in both). */
const taka = (amount: number, lang: Language) =>
  lang === 'bn'
    ? banglaTaka(amount)
    : `৳${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;

const prefix = (lang: Language) => (lang === 'bn' ? '/bn' : '');

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${BASE_URL}${path}`);
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A demo service with reviews and an English name (its provider a demo account, so no other test
 * changes it), as its own page's API call answers it, with its provider's profile.
 */
async function reviewedService(
  request: APIRequestContext,
): Promise<{ service: ServiceDetail; provider: ProviderProfile }> {
  const found = (await allServices(request))
    .map((s) => s as ServiceDetail)
    .find(
      (s) => s.reviewCount > 0 && s.providerEmail.endsWith('@meramot.test') && /^[\x20-\x7e]+$/.test(s.serviceName),
    );
  if (!found) throw new Error('No reviewed demo service with an English name');
  const service = await getJson<ServiceDetail>(request, `/api/services/${found._id}`);
  expect(service.providerId, 'GET /api/services/{id} names its provider').toBeTruthy();
  const provider = await getJson<ProviderProfile>(request, `/api/providers/${service.providerId}`);
  return { service, provider };
}

/** The names on the list's cards, in order. */
const cardNames = (page: Page) => page.getByRole('main').locator('article').locator('h2, h3').allInnerTexts();

/**
 * The list on screen is the API's answer to `query`: the same names in the same order, each card
 * with its price in the page's language. Other tests may add services meanwhile: on a difference
 * the page and the API are both asked again.
 */
async function expectList(
  page: Page,
  request: APIRequestContext,
  query: Record<string, string | number>,
  lang: Language,
): Promise<void> {
  let first = true;
  await expect(async () => {
    if (!first) await page.reload();
    first = false;
    const api = await listServices(request, query);
    expect(api.services.length, `the API finds services for ${JSON.stringify(query)}`).toBeGreaterThan(0);
    expect((await cardNames(page)).map((n) => n.trim())).toEqual(api.services.map((s) => s.serviceName));
    const cards = await page.getByRole('main').locator('article').allInnerTexts();
    api.services.forEach((s, i) => expect(cards[i], s.serviceName).toContain(taka(s.servicePrice, lang)));
  }).toPass({ timeout: 20_000 });
}

/** The page's address as path + query (the query's values decoded). */
function address(page: Page): { path: string; params: URLSearchParams } {
  const url = new URL(page.url());
  return { path: url.pathname, params: url.searchParams };
}

const KINDS = [
  'home',
  'services',
  'service',
  'provider',
  'privacy',
  'terms',
  'support',
  'unknown page',
  'unknown service',
  'unknown provider',
] as const;
type PageKind = (typeof KINDS)[number];

/** Where each kind of page is in `lang`, its status and its h1. */
function pageTargets(
  lang: Language,
  service: ServiceDetail,
  provider: ProviderProfile,
): Record<PageKind, { url: string; status: number; h1: string }> {
  const p = prefix(lang);
  const bn = lang === 'bn';
  return {
    home: {
      url: p || '/',
      status: 200,
      h1: bn ? 'সারা বাংলাদেশে ইলেকট্রনিক্স মেরামতের সার্ভিস' : 'Electronic repair services across Bangladesh',
    },
    services: { url: `${p}/services`, status: 200, h1: bn ? 'সব সার্ভিস' : 'All Services' },
    service: { url: servicePath(service, lang), status: 200, h1: service.serviceName },
    provider: { url: providerPath(provider.id, lang), status: 200, h1: provider.displayName },
    privacy: { url: `${p}/privacy`, status: 200, h1: bn ? 'গোপনীয়তা' : 'Privacy' },
    terms: { url: `${p}/terms`, status: 200, h1: bn ? 'শর্তাবলি' : 'Terms' },
    support: { url: `${p}/support`, status: 200, h1: bn ? 'সহায়তা' : 'Support' },
    'unknown page': { url: `${p}/no-such-page`, status: 404, h1: bn ? 'পেজটি পাওয়া যায়নি' : 'Page Not Found' },
    'unknown service': {
      url: `${p}/services/${randomUUID()}/gone`,
      status: 404,
      h1: bn ? 'সার্ভিসটি পাওয়া যায়নি' : 'Service Not Found',
    },
    'unknown provider': {
      url: providerPath(randomUUID(), lang),
      status: 404,
      h1: bn ? 'পেজটি পাওয়া যায়নি' : 'Page Not Found',
    },
  };
}

/** The text of the h1s inside the HTML's <main>, tags dropped and entities decoded. */
function mainHeadings(html: string): string[] {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? '';
  return [...main.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((m) => decodeEntities(m[1]!.replace(/<[^>]*>/g, '')));
}

test.describe('the first render', () => {
  // Runs first in this file: on the suite's fresh server it is the first render of most pages,
  // when their code and texts are still to load. A retry would meet them loaded: none.
  test.describe.configure({ retries: 0 });

  test('each page kind in both languages comes whole in <main>: no part left to a script', async ({ request }) => {
    const { service, provider } = await reviewedService(request);
    for (const lang of ['en', 'bn'] as const) {
      for (const [kind, { url, status, h1 }] of Object.entries(pageTargets(lang, service, provider))) {
        const res = await request.get(url, { maxRedirects: 0 });
        const html = await res.text();
        const what = `${kind} (${url})`;
        expect.soft(res.status(), what).toBe(status);
        expect.soft(mainHeadings(html), `${what}: the h1 in <main>`).toEqual([h1]);
        // React's streamed-in parts (a hidden segment moved in by an inline script) need a script the
        // page's CSP refuses (script-src 'self' and the theme script's hash) and a visitor without
        // JavaScript never runs. The one inline script is the theme's, allowed by its hash.
        expect.soft(html, `${what}: a part streamed in later`).not.toMatch(/<template id="B:|<div hidden id="S:/);
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
          .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
          .map(([, , body]) => body);
        expect.soft(inline, `${what}: inline scripts`).toEqual([THEME_INIT_SCRIPT]);
      }
    }
    // The server keeps each answer for a few seconds and any write empties that cache: one is made
    // here, so the tests after this one meet pages rendered afresh, their code loaded (a fault of
    // the first render is this test's to report).
    const writer = await freshAccount(request, 'ssrwarm', 'E2E SSR Cache');
    await savePhoneViaApi(request, writer, '01712345678');
  });
});

test.describe('at 360 px', () => {
  test('a long service name is cut short in the breadcrumb, which does not scroll; its text stays whole', async ({
    page,
    request,
  }) => {
    const owner = await freshAccount(request, 'ssrcrumb', 'E2E SSR Breadcrumb');
    const serviceName = `Samsung Galaxy Ultra Screen Replacement with Original Display ${randomUUID().slice(0, 8)}`;
    const id = await createServiceViaApi(request, owner, { serviceName });
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lang of ['en', 'bn'] as const) {
      await page.goto(`${prefix(lang)}/services/${id}`);
      await hydrated(page);
      const trail = page.getByRole('navigation', { name: lang === 'bn' ? 'পথ' : 'Breadcrumb' });
      await expect(trail.locator('[aria-current="page"]')).toHaveText(serviceName);
      const widths = await trail.evaluate((nav) => {
        const current = nav.querySelector('[aria-current="page"]')!;
        return { scroll: nav.scrollWidth, client: nav.clientWidth, cut: current.scrollWidth > current.clientWidth };
      });
      expect(widths.scroll, `${lang}: the trail fits its ${widths.client} px`).toBeLessThanOrEqual(widths.client);
      expect(widths.cut, `${lang}: the name is cut (an ellipsis), not wrapped or hidden`).toBe(true);
    }
  });
});

test.describe('without JavaScript', () => {
  test('English pages: home, the list, searches by both forms, pages, a service and its provider', async ({
    noJs: page,
    request,
  }) => {
    const { service, provider } = await reviewedService(request);
    const main = page.getByRole('main');

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Electronic repair services across Bangladesh');

    // All Services: the API's first page, with prices; the Apply button of <noscript> shows: no script runs.
    await page.goto('/services');
    await expect(main.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
    await expectList(page, request, {}, 'en');

    // Pagination: Next is a link to ?page=2, which shows the API's second page.
    await main.locator('a[rel="next"]').click();
    expect(address(page).path).toBe('/services');
    expect(address(page).params.get('page')).toBe('2');
    await expectList(page, request, { page: 2 }, 'en');
    await expect(main.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(main.locator('a[rel="prev"]')).toBeVisible();

    // A search in the address: only its results, and the box holds it.
    await page.goto('/services?search=laptop');
    await expect(main.getByRole('searchbox')).toHaveValue('laptop');
    await expectList(page, request, { search: 'laptop' }, 'en');

    // The list's own search form (a GET form): Search lands on /services?search=...
    await page.goto('/services');
    await main.getByRole('searchbox').fill('phone');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    expect(address(page).path).toBe('/services');
    expect(address(page).params.get('search')).toBe('phone');
    await expect(main.getByRole('searchbox')).toHaveValue('phone');
    await expectList(page, request, { search: 'phone' }, 'en');

    // The header's search (a GET form too), from another page: Enter lands on the list with the results.
    await page.goto('/privacy');
    const headerSearch = page.getByRole('banner').getByRole('combobox', { name: 'Search services' });
    await headerSearch.fill('screen');
    await headerSearch.press('Enter');
    expect(address(page).path).toBe('/services');
    expect(address(page).params.get('search')).toBe('screen');
    await expectList(page, request, { search: 'screen' }, 'en');

    // A card's View Details leads to the service's page: its name, price and provider's page.
    await page.goto(`/services?search=${encodeURIComponent(service.serviceName)}`);
    await main.getByRole('link', { name: `View Details: ${service.serviceName}`, exact: true }).click();
    expect(address(page).path).toBe(servicePath(service));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(service.serviceName);
    await expect(main.getByText(taka(service.servicePrice, 'en'), { exact: true })).toBeVisible();
    const providerLink = main.getByRole('link', { name: service.providerName, exact: true });
    await expect(providerLink).toHaveAttribute('href', providerPath(provider.id));
    await providerLink.click();
    expect(address(page).path).toBe(providerPath(provider.id));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(provider.displayName);

    for (const [path, heading] of [
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms'],
      ['/support', 'Support'],
    ] as const) {
      await page.goto(path);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('Bangla pages: Bangla texts and Bengali digits, the forms and pages under /bn', async ({
    noJs: page,
    request,
  }) => {
    const { service, provider } = await reviewedService(request);
    const main = page.getByRole('main');
    const html = page.locator('html');

    await page.goto('/bn');
    await expect(html).toHaveAttribute('lang', 'bn');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('সারা বাংলাদেশে ইলেকট্রনিক্স মেরামতের সার্ভিস');

    await page.goto('/bn/services');
    await expect(html).toHaveAttribute('lang', 'bn');
    await expect(main.getByRole('heading', { level: 1, name: 'সব সার্ভিস' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'প্রয়োগ করুন', exact: true })).toBeVisible();
    await expectList(page, request, {}, 'bn');
    // The count in Bengali digits.
    await expect(main.getByText(/[০-৯]+টি সার্ভিস পাওয়া গেছে/)).toBeVisible();

    await main.locator('a[rel="next"]').click();
    expect(address(page).path).toBe('/bn/services');
    expect(address(page).params.get('page')).toBe('2');
    await expectList(page, request, { page: 2 }, 'bn');

    // The list's search form stays in Bangla (/bn/services?search=...).
    await main.getByRole('searchbox').fill('phone');
    await main.getByRole('button', { name: 'খুঁজুন', exact: true }).click();
    expect(address(page).path).toBe('/bn/services');
    expect(address(page).params.get('search')).toBe('phone');
    await expect(html).toHaveAttribute('lang', 'bn');
    await expectList(page, request, { search: 'phone' }, 'bn');

    // The header's search with a Bangla word.
    await page.goto('/bn/support');
    const headerSearch = page.getByRole('banner').getByRole('combobox', { name: 'সার্ভিস খুঁজুন' });
    await headerSearch.fill('ল্যাপটপ');
    await headerSearch.press('Enter');
    expect(address(page).path).toBe('/bn/services');
    expect(address(page).params.get('search')).toBe('ল্যাপটপ');
    await expect(main.getByRole('searchbox')).toHaveValue('ল্যাপটপ');
    await expectList(page, request, { search: 'ল্যাপটপ' }, 'bn');

    // A service's Bangla page: Bangla headings, the price in Bengali digits, the provider's Bangla page.
    await page.goto(servicePath(service, 'bn'));
    await expect(html).toHaveAttribute('lang', 'bn');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(service.serviceName);
    await expect(main.getByRole('heading', { level: 2, name: 'এই সার্ভিস সম্পর্কে' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'প্রোভাইডারের তথ্য' })).toBeVisible();
    const price = taka(service.servicePrice, 'bn');
    expect(price).toMatch(/^৳[০-৯,]+$/);
    await expect(main.getByText(price, { exact: true })).toBeVisible();
    const providerLink = main.getByRole('link', { name: service.providerName, exact: true });
    await expect(providerLink).toHaveAttribute('href', providerPath(provider.id, 'bn'));
    await providerLink.click();
    expect(address(page).path).toBe(providerPath(provider.id, 'bn'));
    await expect(html).toHaveAttribute('lang', 'bn');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(provider.displayName);

    for (const [path, heading] of [
      ['/bn/privacy', 'গোপনীয়তা'],
      ['/bn/terms', 'শর্তাবলি'],
      ['/bn/support', 'সহায়তা'],
    ] as const) {
      await page.goto(path);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });
});

/** What the init script remembered of the server's markup before any module script ran. */
interface ServerMarkup {
  h1: Element | null;
  /** The app had already claimed the root (it must not have, this early). */
  claimedBefore: boolean;
  /** Every element the server sent inside #root, with its text (Preact, on a mismatch, builds new elements or mends the text). */
  elements: { node: Element; text: string }[];
}

const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|react|minified|#41[89]|#42[0-9]/i;

test.describe('hydration', () => {
  for (const lang of ['en', 'bn'] as const) {
    for (const kind of KINDS) {
      test(`${lang} ${kind}: the app keeps the server's markup and the page becomes interactive`, async ({
        page,
        request,
      }) => {
        const { service, provider } = await reviewedService(request);
        const p = prefix(lang);
        const target = pageTargets(lang, service, provider);
        const { url, status, h1 } = target[kind];
        const documentUrl = BASE_URL + url;

        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          const text = message.text();
          // A 404 page's own document answered 404: Chromium says so; nothing else may fail.
          const ownStatus =
            status === 404 && /^Failed to load resource: .*404/.test(text) && message.location().url === documentUrl;
          // An image other tests listed from another site (https://example.com/...): this machine has
          // no internet, which says nothing about the page.
          const elsewhere = !message.location().url.startsWith(BASE_URL) && /^Failed to load resource/.test(text);
          if (!ownStatus && !elsewhere) problems.push(`console ${message.type()}: ${text} (${message.location().url})`);
        });
        await page.addInitScript(() => {
          const remember = () => {
            if (document.readyState !== 'interactive') return;
            const h1 = document.querySelector('#root main h1');
            const root = document.getElementById('root');
            (window as unknown as { __serverMarkup: ServerMarkup }).__serverMarkup = {
              h1,
              claimedBefore: !!root && '__k' in root,
              elements: [...(root?.querySelectorAll('*') ?? [])]
                // The header's and footer's, the page heading's and the main part's own text: what
                // renders the same on both sides (lists below may load more or refresh once live).
                .filter((node) => node.closest('header, footer, main h1, main nav[aria-label]'))
                .map((node) => ({ node, text: node.textContent ?? '' })),
            };
          };
          document.addEventListener('readystatechange', remember);
        });

        const documents: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) documents.push(r.url());
        });
        const response = await page.goto(url);
        expect(response!.status()).toBe(status);
        await hydrated(page);
        await waitForQuiet(page);

        expect(await page.evaluate(ownsPageHeading), 'the app claimed the h1 the server sent').toBe(true);
        const kept = await page.evaluate(() => {
          const server = (window as unknown as { __serverMarkup?: ServerMarkup }).__serverMarkup;
          const now = document.querySelector('#root main h1');
          const elements = server?.elements ?? [];
          const describe = (node: Element) => `<${node.localName} class="${node.className}">`;
          return {
            remembered: !!server,
            serverH1: server?.h1?.textContent ?? null,
            claimedBefore: server?.claimedBefore ?? null,
            same: !!server?.h1 && server.h1 === now,
            connected: server?.h1?.isConnected ?? false,
            checked: elements.length > 20,
            replaced: elements.filter(({ node }) => !node.isConnected).map(({ node }) => describe(node)),
            textChanged: elements
              .filter(({ node, text }) => node.isConnected && node.textContent !== text)
              .map(
                ({ node, text }) => `${describe(node)}: ${JSON.stringify(text)} -> ${JSON.stringify(node.textContent)}`,
              ),
          };
        });
        expect(kept, 'the server sent the h1, the app had not run yet, and every element it sent is kept').toEqual({
          remembered: true,
          serverH1: h1,
          claimedBefore: false,
          same: true,
          connected: true,
          checked: true,
          replaced: [],
          textChanged: [],
        });
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(h1);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);

        // Interactive: the theme toggle works, and a footer link navigates in the app (no new document).
        const html = page.locator('html');
        await expect(html).toHaveAttribute('data-theme', 'light');
        const toggle = page
          .getByRole('banner')
          .getByRole('button', { name: lang === 'bn' ? /থিমে যান/ : /(dark|light) theme/i })
          .filter({ visible: true })
          .first();
        await toggle.click();
        await expect(html).toHaveAttribute('data-theme', 'dark');
        await expect(toggle).toHaveAccessibleName(lang === 'bn' ? /লাইট/ : /light theme/i);
        const other = kind === 'terms' ? 'privacy' : 'terms';
        await page.locator(`footer a[href="${p}/${other}"]`).click();
        await expect(page).toHaveURL(`${BASE_URL}${p}/${other}`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(target[other].h1);
        expect(documents, 'one document load only: the footer link navigated in the app').toEqual([documentUrl]);
        await expect(html).toHaveAttribute('data-theme', 'dark');

        expect(
          problems.filter((problem) => HYDRATION_TROUBLE.test(problem)),
          'no hydration or React error',
        ).toEqual([]);
        expect(problems, 'no error or warning at all').toEqual([]);
      });
    }
  }
});

test.describe('loading a public page', () => {
  // What starts the browser's ICU: a page's first one of these is 100-350 ms of main thread at
  // Lighthouse's 4x slowdown (lib/numbers.ts). Intl.PluralRules is cheap and not among them.
  const HEAVY = ['NumberFormat', 'DateTimeFormat', 'Collator', 'Segmenter', 'RelativeTimeFormat', 'ListFormat'];
  for (const lang of ['en', 'bn'] as const) {
    test(`${lang}: home, the list, a reviewed service and its provider make no Intl formatter`, async ({
      page,
      request,
    }) => {
      const { service, provider } = await reviewedService(request);
      const targets = pageTargets(lang, service, provider);
      await page.addInitScript((heavy: string[]) => {
        const made: string[] = [];
        (window as unknown as { __intlMade: string[] }).__intlMade = made;
        const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
        for (const name of heavy) {
          const Real = intl[name]!;
          intl[name] = new Proxy(Real, {
            construct(target, args) {
              made.push(`Intl.${name}(${JSON.stringify(args[0] ?? null)})`);
              return Reflect.construct(target, args) as object;
            },
          });
        }
        for (const [name, proto] of [
          ['Number', Number.prototype],
          ['Date', Date.prototype],
        ] as const) {
          const real = proto.toLocaleString as (...args: unknown[]) => string;
          proto.toLocaleString = function (this: unknown, ...args: unknown[]) {
            made.push(`${name}.toLocaleString`);
            return real.apply(this, args);
          };
        }
      }, HEAVY);
      for (const kind of ['home', 'services', 'service', 'provider'] as const) {
        await page.goto(targets[kind].url);
        await hydrated(page);
        await waitForQuiet(page);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(targets[kind].h1);
        const made = await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
        expect(made, `${targets[kind].url}: no Intl formatter made while it loads`).toEqual([]);
      }
    });
  }
});

/**
 * Holds the app's scripts back until the returned function is called: the visitor acts on the
 * server's HTML alone, then the app runs.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('before the app takes over', () => {
  test("a rendered page asks for the app's code once it has painted; a signed-in screen's shell at once", async ({
    page,
    request,
  }) => {
    // The server leaves the entry's module script out of a rendered page; route-preload.js adds it
    // after the first frame, which waits for the stylesheet: the code cannot start before it ends,
    // nor before the page's first paint (a page that loads before its first frame included).
    const entryScript = /<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/;
    expect(await (await request.get('/services')).text()).not.toMatch(entryScript);
    expect(await (await request.get('/login')).text()).toMatch(entryScript);
    for (const url of ['/services', '/bn']) {
      await page.goto(url);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const find = (pattern: RegExp) => resources.find((r) => pattern.test(new URL(r.name).pathname));
        const css = find(/^\/assets\/index-[\w-]+\.css$/);
        const js = find(/^\/assets\/index-[\w-]+\.js$/);
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return { cssEnd: css?.responseEnd ?? null, jsStart: js?.startTime ?? null, painted: paint?.startTime ?? null };
      });
      expect(timing.cssEnd, `${url}: the stylesheet's timing`).not.toBeNull();
      expect(timing.jsStart, `${url}: the entry's timing`).not.toBeNull();
      expect(timing.jsStart!, `${url}: the entry asked for after the stylesheet arrived`).toBeGreaterThanOrEqual(
        timing.cssEnd!,
      );
      expect(timing.painted, `${url}: the first paint's timing`).not.toBeNull();
      expect(timing.jsStart!, `${url}: the entry asked for after the first paint`).toBeGreaterThanOrEqual(
        timing.painted!,
      );
    }
  });

  test('a sort chosen and a search typed before hydration apply once the app runs', async ({ page, request }) => {
    const release = await holdScripts(page);
    await page.goto('/services', { waitUntil: 'commit' });
    const list = servicesPage(page);
    await list.sort.selectOption({ label: 'Price: Low to High' });
    await list.search.fill('repair');
    const header = page.getByRole('banner').getByRole('combobox', { name: 'Search services' });
    await header.fill('laptop');

    release();
    await hydrated(page);

    // The sort applied as if chosen with the app running; the typed texts stayed in their boxes.
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    const expected = (await listServices(request, { sort: 'price-low' })).services;
    await expect
      .poll(async () => Promise.all((await list.cards.all()).map(cardPrice)))
      .toEqual(expected.map((s) => s.servicePrice));
    await expect(list.search).toHaveValue('repair');
    await expect(header).toHaveValue('laptop');
    // The header box still had the focus: its results open as if typed with the app running.
    await expect(header).toHaveAttribute('aria-expanded', 'true');

    // Enter searches for what was typed, in the sort chosen.
    await list.search.press('Enter');
    await expect(page).toHaveURL(/[?&]search=repair(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    const searched = await listServices(request, { search: 'repair', sort: 'price-low' });
    await expect(list.count).toContainText(`${searched.total} of`);
  });
  test('a language chosen before hydration applies once the app runs; the page moves to its address', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/services', { waitUntil: 'commit' });
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('bn');

    release();
    await hydrated(page);
    await expect(page).toHaveURL(`${BASE_URL}/bn/services`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'সব সার্ভিস' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
  });
  test('an area chosen while the app is starting (its route’s code still loading) applies', async ({
    page,
    request,
  }) => {
    // The app runs, but the All Services route's code is held back: the app waits for it before
    // hydrating (main.tsx), so the page is not hydrated yet when the visitor chooses an area.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/services-[\w-]+\.js$/, async (route) => {
      requested();
      await released;
      await route.continue();
    });
    await page.goto('/services', { waitUntil: 'commit' });
    await asked;
    // Still the server's page: its data not yet taken up by the app.
    await expect(page.locator('#meramot-state')).toHaveCount(1);
    const list = servicesPage(page);
    await list.area.selectOption({ value: 'Sylhet' });
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/[?&]area=Sylhet(&|$)/);
    const all = (await listServices(request)).total;
    const sylhet = (await listServices(request, { area: 'Sylhet' })).total;
    await expect(list.count).toContainText(`${sylhet} of ${all} services found`);
    await expect(list.area).toHaveValue('Sylhet');
  });
});

test.describe('the head', () => {
  test('a service page: OpenGraph, Twitter, Service and BreadcrumbList JSON-LD from its data', async ({ request }) => {
    const { service } = await reviewedService(request);
    const path = servicePath(service);
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    const head = parseHead(await res.text());

    expect(head.title).toBe(`${service.serviceName} | Meramot`);
    expect(head.meta('description')).toBeTruthy();
    const canonical = head.canonical();
    expect(canonical).toBe(BASE_URL + path);
    expect(isAbsoluteUrl(canonical)).toBe(true);
    expect(head.meta('og:title')).toBe(service.serviceName);
    expect(head.meta('og:url')).toBe(canonical);
    expect(head.meta('og:description')).toBeTruthy();
    expect(head.meta('og:type')).toBeTruthy();
    expect(head.meta('og:locale')).toBe('en_US');
    const image = head.meta('og:image');
    expect(isAbsoluteUrl(image), `og:image ${image}`).toBe(true);
    expect(head.meta('twitter:card')).toMatch(/^summary/);
    expect(head.meta('twitter:title')).toBe(service.serviceName);
    expect(head.alternates()).toEqual({
      en: BASE_URL + path,
      bn: BASE_URL + servicePath(service, 'bn'),
      'x-default': BASE_URL + path,
    });
    // The preview image is there to fetch.
    const imageRes = await request.get(image!);
    expect(imageRes.status(), `GET ${image}`).toBe(200);

    const items = jsonLd(head.jsonLdTexts);
    const svc = items.find((i) => i['@type'] === 'Service') as Record<string, unknown> & {
      offers: Record<string, unknown>;
      aggregateRating?: Record<string, unknown>;
      provider: Record<string, unknown>;
    };
    expect(svc, 'a Service').toBeTruthy();
    expect(svc.name).toBe(service.serviceName);
    expect(svc.url).toBe(canonical);
    expect(svc.offers['@type']).toBe('Offer');
    expect(typeof svc.offers.price === 'string' || typeof svc.offers.price === 'number').toBe(true);
    expect(Number(svc.offers.price)).toBe(service.servicePrice);
    expect(svc.offers.priceCurrency).toBe('BDT');
    expect(service.reviewCount).toBeGreaterThan(0);
    expect(svc.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: service.rating,
      reviewCount: service.reviewCount,
    });
    expect(svc.provider).toMatchObject({
      '@type': 'LocalBusiness',
      name: service.providerName,
      url: BASE_URL + providerPath(service.providerId!),
    });
    expectBreadcrumbs(items, [
      ['Home', `${BASE_URL}/`],
      ['All Services', `${BASE_URL}/services`],
      [service.serviceName, canonical!],
    ]);
  });

  test('a service without reviews has no aggregateRating', async ({ request }) => {
    const owner = await freshAccount(request, 'ssrnorev', 'E2E SSR Provider');
    const name = `E2E Unreviewed Fan Repair ${Date.now().toString(36)}`;
    const id = await createServiceViaApi(request, owner, { serviceName: name, servicePrice: 1250 });
    const res = await request.get(servicePath({ _id: id, serviceName: name }));
    expect(res.status()).toBe(200);
    const head = parseHead(await res.text());
    const svc = jsonLd(head.jsonLdTexts).find((i) => i['@type'] === 'Service')!;
    expect(svc).toMatchObject({ name, offers: { price: '1250.00', priceCurrency: 'BDT' } });
    expect(svc).not.toHaveProperty('aggregateRating');
  });

  test('a provider page: LocalBusiness with their name; a Bangla page links its English address', async ({
    request,
  }) => {
    const { service, provider } = await reviewedService(request);
    const path = providerPath(provider.id);
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const head = parseHead(await res.text());
    expect(head.canonical()).toBe(BASE_URL + path);
    expect(head.meta('og:url')).toBe(BASE_URL + path);
    expect(isAbsoluteUrl(head.meta('og:image'))).toBe(true);
    expect(head.meta('twitter:card')).toBeTruthy();
    const items = jsonLd(head.jsonLdTexts);
    const business = items.find((i) => i['@type'] === 'LocalBusiness');
    expect(business, 'a LocalBusiness').toMatchObject({ name: provider.displayName, url: BASE_URL + path });
    expectBreadcrumbs(items, [
      ['Home', `${BASE_URL}/`],
      [provider.displayName, BASE_URL + path],
    ]);

    // The service's Bangla page: canonical is itself, hreflang names both languages.
    const bangla = servicePath(service, 'bn');
    const bn = await request.get(bangla);
    expect(bn.status()).toBe(200);
    expect(bn.headers()['content-language']).toBe('bn');
    const bnHtml = await bn.text();
    expect(bnHtml).toMatch(/<html lang="bn"/);
    const bnHead = parseHead(bnHtml);
    expect(bnHead.canonical()).toBe(BASE_URL + bangla);
    expect(bnHead.meta('og:url')).toBe(BASE_URL + bangla);
    expect(bnHead.meta('og:locale')).toBe('bn_BD');
    expect(bnHead.alternates()).toEqual({
      en: BASE_URL + servicePath(service),
      bn: BASE_URL + bangla,
      'x-default': BASE_URL + servicePath(service),
    });
    const bnItems = jsonLd(bnHead.jsonLdTexts);
    expect(bnItems.find((i) => i['@type'] === 'Service')).toMatchObject({ url: BASE_URL + bangla });
    expectBreadcrumbs(bnItems, [
      ['হোম', `${BASE_URL}/bn`],
      ['সব সার্ভিস', `${BASE_URL}/bn/services`],
      [service.serviceName, BASE_URL + bangla],
    ]);
    // And the home page: a WebSite.
    const home = parseHead(await (await request.get('/')).text());
    expect(jsonLd(home.jsonLdTexts).find((i) => i['@type'] === 'WebSite')).toMatchObject({ url: `${BASE_URL}/` });
  });
});

/** Every JSON-LD script parses as JSON with the schema.org context. */
function jsonLd(texts: string[]): Array<Record<string, unknown>> {
  expect(texts.length, 'JSON-LD scripts').toBeGreaterThan(0);
  return texts.map((text) => {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`JSON-LD does not parse: ${String(error)}\n${text}`);
    }
    expect(value['@context']).toBe('https://schema.org');
    return value;
  });
}

/** One BreadcrumbList whose items are at positions 1..n with these names and absolute addresses. */
function expectBreadcrumbs(items: Array<Record<string, unknown>>, trail: [string, string][]): void {
  const lists = items.filter((i) => i['@type'] === 'BreadcrumbList');
  expect(lists).toHaveLength(1);
  const elements = lists[0]!.itemListElement as Array<Record<string, unknown>>;
  expect(elements.map((e) => e.position)).toEqual(trail.map((_, i) => i + 1));
  for (const e of elements) {
    expect(e['@type']).toBe('ListItem');
    expect(isAbsoluteUrl(e.item), `breadcrumb item ${String(e.item)}`).toBe(true);
  }
  expect(elements.map((e) => [e.name, e.item])).toEqual(trail);
}

test.describe('statuses', () => {
  test('slugs redirect with 301; unknown pages, services and providers are 404; a signed-in screen is the shell', async ({
    request,
  }) => {
    const { service } = await reviewedService(request);
    const canonical = servicePath(service);
    const location = (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
      const url = new URL(res.headers()['location']!, BASE_URL);
      return url.pathname + url.search;
    };

    const bare = await request.get(`/services/${service._id}`, { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(location(bare)).toBe(canonical);

    const wrong = await request.get(`/bn/services/${service._id}/wrong?x=1`, { maxRedirects: 0 });
    expect(wrong.status()).toBe(301);
    expect(location(wrong)).toBe(`${servicePath(service, 'bn')}?x=1`);

    const unknown = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-type']).toMatch(/^text\/html/);
    const unknownHtml = await unknown.text();
    expect.soft(unknownHtml).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect.soft(unknownHtml).toContain('<meta name="robots" content="noindex" />');

    const noProvider = await request.get(`/providers/${randomUUID()}`, { maxRedirects: 0 });
    expect(noProvider.status()).toBe(404);
    expect.soft(await noProvider.text(), 'the not-found page').toMatch(/<h1[^>]*>Page Not Found<\/h1>/);

    const noService = await request.get(`/services/${randomUUID()}`, { maxRedirects: 0 });
    expect(noService.status()).toBe(404);
    expect.soft(await noService.text(), 'the service not-found page').toMatch(/<h1[^>]*>Service Not Found<\/h1>/);

    // A signed-in screen: the app's shell, rendered in the browser.
    const manage = await request.get('/manage-services', { maxRedirects: 0 });
    expect(manage.status()).toBe(200);
    expect(manage.headers()['content-type']).toMatch(/^text\/html/);
    const shell = await manage.text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('meramot-state');
  });

  test('a paused service is 404, a deleted one 410', async ({ request }) => {
    const owner = await freshAccount(request, 'ssrstatus', 'E2E SSR Status Provider');
    const name = `E2E Paused Then Deleted Iron Repair ${Date.now().toString(36)}`;
    const id = await createServiceViaApi(request, owner, { serviceName: name, servicePrice: 300 });
    const path = servicePath({ _id: id, serviceName: name });
    const headers = { authorization: `Bearer ${owner.token}` };

    const active = await request.get(path, { maxRedirects: 0 });
    expect(active.status()).toBe(200);
    expect(await active.text()).toContain(name);

    const paused = await request.put(`/api/services/${id}`, { headers, data: { status: 'paused' } });
    expect(paused.ok(), `PUT /api/services/${id}: ${paused.status()} ${await paused.text()}`).toBeTruthy();
    const pausedPage = await request.get(path, { maxRedirects: 0 });
    expect(pausedPage.status()).toBe(404);
    expect.soft(await pausedPage.text(), 'the service not-found page').toMatch(/<h1[^>]*>Service Not Found<\/h1>/);

    const deleted = await request.delete(`/api/services/${id}`, { headers });
    expect(deleted.ok(), `DELETE /api/services/${id}: ${deleted.status()}`).toBeTruthy();
    const gone = await request.get(path, { maxRedirects: 0 });
    expect(gone.status()).toBe(410);
    expect(gone.headers()['content-type']).toMatch(/^text\/html/);
    expect.soft(await gone.text(), 'the service not-found page').toMatch(/<h1[^>]*>Service Not Found<\/h1>/);
    expect((await request.get(`/bn/services/${id}`, { maxRedirects: 0 })).status()).toBe(410);
  });
});

test.describe('revalidation', () => {
  test('a page answers with an ETag, and If-None-Match with it gets 304', async ({ request }) => {
    const { service } = await reviewedService(request);
    for (const path of [servicePath(service), '/services?search=laptop', '/bn/privacy']) {
      // Asked again when another test's write renders the page anew in between (its ETag then
      // changes: see the next test).
      await expect(async () => {
        await request.get(path);
        const second = await request.get(path);
        expect(second.status()).toBe(200);
        const etag = second.headers()['etag'];
        expect(etag, `ETag of ${path}`).toBeTruthy();
        const again = await request.get(path, { headers: { 'if-none-match': etag! } });
        expect(again.status(), `If-None-Match on ${path}`).toBe(304);
        expect(await again.body()).toHaveLength(0);
      }).toPass({ timeout: 10_000 });
    }
  });

  test('the ETag outlives the micro-cache: a page rendered again with the same content revalidates', async ({
    request,
  }) => {
    // The page's data carries no time of its rendering (the browser takes it as read when it
    // hydrates), so the same content gives the same ETag after the micro-cache is emptied.
    const path = '/privacy';
    await request.get(path);
    const etag = (await request.get(path)).headers()['etag']!;
    expect(etag).toBeTruthy();
    // Any write empties the server's response cache (a fresh account's phone changes no page).
    await request.get('/terms');
    const owner = await freshAccount(request, 'ssretag', 'E2E SSR ETag');
    await savePhoneViaApi(request, owner, '01712345678');
    const rendered = await request.get('/terms');
    expect(rendered.headers()['x-cache'], 'the cache was emptied').toBeUndefined();
    const again = await request.get(path, { headers: { 'if-none-match': etag } });
    expect(again.headers()['x-cache'], 'a new render').toBeUndefined();
    expect(again.status()).toBe(304);
  });
});
