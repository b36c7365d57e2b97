import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePath, type PageRenderer } from '@meramot/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import {
  callApi,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  servicePayload,
  testConfig,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

/**
 * The server-rendered public pages (issue 22) through the real app: the web app's server entry is
 * built (`vite build --ssr`, as the production build does) beside a copy of the web app's
 * index.html, and the server renders with the data of this file's database, in a worker thread
 * (RENDER_THREADS=1); a second app on the same database renders on its main thread.
 */
const WEB = path.resolve(__dirname, '../../../../web');
const PUBLIC_URL = 'https://meramot.example';

const SERVICE = {
  serviceName: 'Laptop hinge & screen repair',
  servicePrice: 123450,
  serviceArea: 'Dhaka',
  serviceDescription: 'Broken hinges and cracked screens replaced the same day.',
};

let webDist: string;
let t: TestApp;
/** The same server rendering on its main thread (RENDER_THREADS=0). */
let inThread: FastifyInstance;
let rahim: TestUser;
let service: { _id: string; serviceName: string; [key: string]: unknown };

const createServiceNamed = async (user: TestUser, fields: { serviceName: string }) =>
  ({ ...(await createService(t.app, user, fields)), ...fields }) as { _id: string; serviceName: string };

const get = (url: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url, headers });

/** The data a page was rendered with (the dehydrated query cache). */
function state(html: string): { queries: { queryKey: unknown[]; state: { data?: unknown; status: string } }[] } {
  const json = /<script type="application\/json" id="meramot-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its data').toBeTruthy();
  return JSON.parse(json!);
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

/** The newest modification time under a folder. */
function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return time;
}

beforeAll(async () => {
  // One build for the runs on PGlite and on PostgreSQL, renewed when the web app's or the shared
  // package's sources are newer than it.
  webDist = path.join(os.tmpdir(), 'meramot-pages-test-build');
  const entry = path.join(webDist, '.ssr', 'entry-server.mjs');
  const sources = Math.max(newest(path.join(WEB, 'src')), newest(path.join(WEB, '../../packages/shared/src')));
  if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
    const built = spawnSync(
      path.join(WEB, '../../node_modules/.bin/vite'),
      [
        'build',
        '--ssr',
        'src/entry-server.tsx',
        '--outDir',
        path.join(webDist, '.ssr'),
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: WEB, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (built.status !== 0) throw new Error(`vite build --ssr failed:\n${built.stdout}\n${built.stderr}`);
  }
  copyFileSync(path.join(WEB, 'index.html'), path.join(webDist, 'index.html'));
  const env = { WEB_DIST: webDist, PUBLIC_URL, RESPONSE_CACHE_SECONDS: '5' };
  t = await createTestApp({ ...env, RENDER_THREADS: '1' });
  inThread = await buildApp(testConfig({ ...env, RENDER_THREADS: '0' }), t.database);
  rahim = await newUser(t.app, { displayName: 'Rahim Uddin' });
  service = (await createService(t.app, rahim, SERVICE)) as typeof service;
}, 180_000);

afterAll(async () => {
  await inThread?.close();
  await t?.close();
});

describe('server-rendered public pages', () => {
  it('renders a service page with its data, head and JSON-LD, in English and in Bangla', async () => {
    const res = await get(servicePath(service));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<h1[^>]*>Laptop hinge &amp; screen repair<\/h1>/);
    expect(html).toContain('৳1,23,450');
    expect(html).toContain('<title>Laptop hinge &amp; screen repair | Meramot</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${servicePath(service)}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="bn" href="${PUBLIC_URL}${servicePath(service, 'bn')}" />`);
    const data = state(html).queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(['services', 'detail', service._id, 'visitor']),
    );
    expect(data?.state.data).toMatchObject({ _id: service._id, servicePrice: 123450 });
    // The image React preloads is in the head, and #root holds the app's markup alone: nothing the
    // browser's app does not render, which its hydration would step over by moving the page.
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(
      /<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/,
    );
    expect(html).toMatch(/<div id="root"><div class="flex min-h-screen /);
    // The parts the browser hydrates in turns (lib/hydration-turns.tsx) come as their elements
    // alone: a Suspense marker before one would be taken for the part's element.
    expect(html).toMatch(/<\/a><header [^>]*>.*<\/header><main [^>]*>.*<\/main><footer /s);
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Laptop hinge & screen repair',
      offers: { '@type': 'Offer', price: '123450.00', priceCurrency: 'BDT' },
    });

    const bn = await get(servicePath(service, 'bn'));
    expect(bn.statusCode).toBe(200);
    expect(bn.body).toContain('<html lang="bn"');
    expect(bn.body).toContain('৳১,২৩,৪৫০');
    expect(bn.headers['content-language']).toBe('bn');
  });

  it("carries the service's reviews as the API answers them, newest first, read with the service", async () => {
    const reviewed = await createServiceNamed(rahim, { serviceName: 'Reviewed TV panel repair' });
    // Two customers' reviews, one without a name (shown as the public name, never the e-mail).
    const emails: string[] = [];
    for (const [name, comment] of [
      ['Karim Ahmed', 'The panel works like new, and the price was fair.'],
      [undefined, 'Came on time and fixed the backlight within an hour.'],
    ] as const) {
      const customer = await newUser(t.app, name ? { displayName: name } : {});
      emails.push(customer.email);
      const booking = await completedBooking(t.app, rahim, customer, reviewed._id);
      const review = await callApi(t.app, 'POST', '/api/reviews', customer, reviewPayload(booking._id, { comment }));
      expect(review.status).toBe(201);
    }
    const api = await callApi(t.app, 'GET', `/api/reviews/service/${reviewed._id}`, null);
    expect(api.status).toBe(200);
    expect(api.body).toHaveLength(2);
    const page = await get(servicePath(reviewed));
    expect(page.statusCode).toBe(200);
    const cached = state(page.body).queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(['public', 'reviews', 'service', reviewed._id]),
    );
    expect(cached?.state.data).toEqual(api.body);
    expect(page.body).toContain('Came on time and fixed the backlight within an hour.');
    for (const email of emails) expect(page.body).not.toContain(email);
  });

  it("carries the provider's profile and the first page of their services and reviews as the API answers them", async () => {
    // More services and reviews than a page holds (6), in two areas, and a paused service (not shown).
    const salma = await newUser(t.app, { displayName: 'Salma Akter' });
    const made: { _id: string }[] = [];
    for (let i = 1; i <= 8; i++) {
      made.push(
        await createService(t.app, salma, {
          serviceName: `Salma fridge repair ${i}`,
          serviceArea: i % 3 === 0 ? 'Sylhet' : 'Dhaka',
        }),
      );
    }
    const paused = await callApi(t.app, 'PUT', `/api/services/${made[7]!._id}`, salma, { status: 'paused' });
    expect(paused.status).toBe(200);
    for (let i = 0; i < 7; i++) {
      const customer = await newUser(t.app, { displayName: `Customer ${i}` });
      const booking = await completedBooking(t.app, salma, customer, made[i % 7]!._id);
      const review = await callApi(
        t.app,
        'POST',
        '/api/reviews',
        customer,
        reviewPayload(booking._id, { rating: 3 + (i % 3) }),
      );
      expect(review.status).toBe(201);
    }
    const providerId = (
      (await callApi(t.app, 'GET', `/api/services/${made[0]!._id}`, null)).body as { providerId: string }
    ).providerId;
    const profile = await callApi(t.app, 'GET', `/api/providers/${providerId}`, null);
    const services = await callApi(t.app, 'GET', `/api/providers/${providerId}/services?page=1&limit=6`, null);
    const reviews = await callApi(t.app, 'GET', `/api/providers/${providerId}/reviews?page=1&limit=6`, null);
    expect(profile.body).toMatchObject({
      displayName: 'Salma Akter',
      serviceCount: 7,
      reviewCount: 7,
      areas: ['Dhaka', 'Sylhet'],
    });
    expect(services.body).toHaveLength(6);
    expect(reviews.body).toHaveLength(6);

    const page = await get(`/providers/${providerId}`);
    expect(page.statusCode).toBe(200);
    const data = (key: unknown[]) =>
      state(page.body).queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    expect(data(['public', 'providers', providerId, 'profile'])).toEqual(profile.body);
    expect(data(['public', 'providers', providerId, 'services', 6])).toEqual({
      pages: [{ items: services.body, total: 7 }],
      pageParams: [1],
    });
    expect(data(['public', 'providers', providerId, 'reviews', 6])).toEqual({
      pages: [{ items: reviews.body, total: 7 }],
      pageParams: [1],
    });
    expect(page.body).toContain('Salma fridge repair 7');
    expect(page.body).not.toContain('Salma fridge repair 8');
  });

  it('gives a Bangla page the Bengali font in its head, the device’s copy first; an English page none', async () => {
    const bn = (await get(servicePath(service, 'bn'))).body;
    // Declared before the app's script runs (it adds none then); not preloaded: a device with the
    // font (most Android phones) downloads nothing.
    expect(bn).not.toMatch(/<link rel="preload" as="font"/);
    const style = /<style id="bangla-font">([^<]*)<\/style>/.exec(bn)?.[1] ?? '';
    const faces = [...style.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!);
    expect(faces).toHaveLength(2);
    for (const [i, face] of faces.entries()) {
      const weight = i ? 700 : 400;
      expect(face).toContain(`font-weight:${weight};font-display:optional;`);
      expect(face).toMatch(
        new RegExp(
          `src:local\\('Noto Sans Bengali${i ? ' Bold' : ''}'\\).*, url\\(/assets/noto-sans-bengali-bengali-${weight}-normal-[\\w-]+\\.woff2\\) format\\('woff2'\\);`,
        ),
      );
    }
    expect((await get(servicePath(service))).body).not.toContain('noto-sans-bengali');
  });

  it("puts a page's text in as it is, with $ patterns too (not read as String.replace's $&, $' and $`)", async () => {
    const dollars = await createServiceNamed(rahim, { serviceName: "Cheap fix $& more $' and $` too" });
    const res = await get(servicePath(dollars));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Cheap fix \$&amp; more \$&#x27; and \$` too<\/h1>/);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    expect(JSON.stringify(state(res.body))).toContain("Cheap fix $& more $' and $` too");
  });

  it('moves any other address of a service to its canonical one with 301, in its language', async () => {
    const bare = await get(`/services/${service._id}`);
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(servicePath(service));
    const wrong = await get(`/bn/services/${service._id}/old-name?from=share`);
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`${servicePath(service, 'bn')}?from=share`);
  });

  it('answers 404 for unknown pages, services and providers, 410 for a deleted service, 404 for a paused one', async () => {
    for (const url of [
      '/no-such-page',
      '/bn/no-such-page',
      `/services/${randomUUID()}`,
      '/services/not-an-id',
      `/providers/${randomUUID()}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('name="robots" content="noindex"');
    }
    expect((await get('/bn/no-such-page')).body).toContain('<html lang="bn"');

    const paused = await createServiceNamed(rahim, { serviceName: 'Paused fan repair' });
    expect((await callApi(t.app, 'PUT', `/api/services/${paused._id}`, rahim, { status: 'paused' })).status).toBe(200);
    expect((await get(servicePath(paused))).statusCode).toBe(404);

    const gone = await createServiceNamed(rahim, { serviceName: 'Deleted iron repair' });
    expect((await callApi(t.app, 'DELETE', `/api/services/${gone._id}`, rahim)).status).toBe(200);
    expect((await get(servicePath(gone))).statusCode).toBe(410);
  });

  it('renders the provider page, All Services with its query, and leaves signed-in screens to the browser', async () => {
    const detail = await callApi(t.app, 'GET', `/api/services/${service._id}`, null);
    const providerId = (detail.body as { providerId: string }).providerId;
    const provider = await get(`/providers/${providerId}`);
    expect(provider.statusCode).toBe(200);
    expect(provider.body).toMatch(/<h1[^>]*>Rahim Uddin<\/h1>/);
    expect(jsonLd(provider.body)[0]).toMatchObject({ '@type': 'LocalBusiness', name: 'Rahim Uddin' });

    const list = await get('/services?search=hinge');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Laptop hinge &amp; screen repair');
    expect(list.body).toContain('<title>“hinge”: repair services | Meramot</title>');
    expect(list.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/services?search=hinge" />`);

    // A rendered page's code is added by route-preload.js once the page has painted; the shell's is in it.
    expect(list.body).not.toContain('<script type="module"');
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toContain('meramot-state');
    expect(login.body).toContain('<div id="root"></div>');
    expect(login.body).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('caches a page per address with an ETag, and a write shows at once', async () => {
    const url = servicePath(service);
    const first = await get(url);
    const again = await get(url);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const changed = await callApi(
      t.app,
      'PUT',
      `/api/services/${service._id}`,
      rahim,
      servicePayload({ ...SERVICE, servicePrice: 99000 }),
    );
    expect(changed.status).toBe(200);
    const fresh = await get(url);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.body).toContain('৳99,000');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
  });

  it("reuses the layout's header and footer made by earlier renders, byte for byte the page rendered whole", async () => {
    // The renderer the server imported (the same module), whose made header and footer variants
    // (lib/server-fragments.tsx in the web app) the test empties and counts: the app that renders
    // on its main thread.
    const { renderer } = (await import(pathToFileURL(path.join(webDist, '.ssr', 'entry-server.mjs')).href)) as {
      renderer: PageRenderer;
    };
    const detail = await callApi(t.app, 'GET', `/api/services/${service._id}`, null);
    const providerId = (detail.body as { providerId: string }).providerId;
    // Pages whose header differs (the link to the page shown, a not-found page under /login whose
    // mobile menu marks Login) and whose language differs; signed in, so the micro-cache answers none.
    const urls = [
      '/',
      '/bn',
      '/services',
      '/bn/services?search=hinge',
      servicePath(service),
      servicePath(service, 'bn'),
      `/providers/${providerId}`,
      '/privacy',
      '/bn/terms',
      '/login/nothing',
      '/no-such-page',
    ];
    const whole = new Map<string, string>();
    for (const url of urls) {
      renderer.fragments.clear();
      const res = await get(url, rahim.auth, inThread);
      expect(res.headers['x-cache'], url).toBeUndefined();
      expect(res.body, url).toContain('<header class=');
      whole.set(url, res.body);
    }
    const reusedBefore = renderer.fragments.reused;
    // Every page again, each with the variants all the pages before it made.
    for (const url of urls) expect((await get(url, rahim.auth, inThread)).body, url).toBe(whole.get(url));
    // Renders took variants made before (a language and year have one footer; pages whose links
    // are alike share a header), and fewer were made than pages rendered.
    expect(renderer.fragments.reused - reusedBefore).toBeGreaterThanOrEqual(urls.length);
    expect(renderer.fragments.size).toBeLessThan(2 * urls.length);
    // The worker thread renders every page byte for byte as the main thread does (its own
    // fragments, its own copy of the page's data).
    for (const url of urls) expect((await get(url, rahim.auth)).body, url).toBe(whole.get(url));
  });
});
