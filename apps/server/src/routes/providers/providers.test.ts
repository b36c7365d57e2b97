import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

type Json = Record<string, unknown>;

const call = (t: TestApp, method: InjectOptions['method'], url: string, user?: TestUser | null, payload?: unknown) =>
  callApi(t.app, method, url, user, payload);

async function review(t: TestApp, provider: TestUser, customer: TestUser, serviceId: string, rating: number) {
  const booking = await completedBooking(t.app, provider, customer, serviceId);
  const res = await call(t, 'POST', '/api/reviews', customer, reviewPayload(booking._id, { rating }));
  expect(res.status).toBe(201);
  return res.body as Json;
}

const rename = (t: TestApp, user: TestUser, profile: { displayName: string; photoURL?: string | null }) =>
  call(t, 'PUT', '/api/users/me', user, profile);

describe('the provider page', () => {
  let t: TestApp;
  let rahim: TestUser;
  let karim: TestUser;
  let pausedOnly: TestUser;
  let deletedOnly: TestUser;
  const ids: Record<string, string> = {};
  const reviewIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    [rahim, karim, pausedOnly, deletedOnly] = await Promise.all([
      newUser(t.app, { displayName: 'Rahim Uddin', emailVerified: true }),
      newUser(t.app, { displayName: 'Karim Hossain' }),
      newUser(t.app, { displayName: 'Paula Paused' }),
      newUser(t.app, { displayName: 'Dolon Deleted' }),
    ]);
    // Created in this order (newest last): two in Dhaka, one in Sylhet, then a paused one in Khulna
    // and one deleted after its review, in Barisal.
    for (const [key, serviceName, serviceArea] of [
      ['dhaka1', 'Fridge compressor repair', 'Dhaka'],
      ['sylhet', 'Washing machine drum fix', 'Sylhet'],
      ['dhaka2', 'Microwave magnetron swap', 'Dhaka'],
      ['paused', 'Television board repair', 'Khulna'],
      ['deleted', 'Iron heating coil fix', 'Barisal'],
    ] as const) {
      ids[key] = (await createService(t.app, rahim, { serviceName, serviceArea }))._id;
    }
    reviewIds.push((await review(t, rahim, karim, ids.dhaka1!, 5))._id as string);
    reviewIds.push((await review(t, rahim, karim, ids.deleted!, 2))._id as string);
    reviewIds.push((await review(t, rahim, karim, ids.sylhet!, 4))._id as string);
    expect((await call(t, 'PUT', `/api/services/${ids.paused}`, rahim, { status: 'paused' })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/services/${ids.deleted}`, rahim)).status).toBe(200);

    const paused = await createService(t.app, pausedOnly, { serviceName: 'Paused radio repair' });
    expect((await call(t, 'PUT', `/api/services/${paused._id}`, pausedOnly, { status: 'paused' })).status).toBe(200);
    const deleted = await createService(t.app, deletedOnly, { serviceName: 'Deleted speaker repair' });
    expect((await call(t, 'DELETE', `/api/services/${deleted._id}`, deletedOnly)).status).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  describe('GET /api/providers/{id}', () => {
    it('answers the profile: name and photo, areas by count, member since, verified, rating and counts', async () => {
      const me = (await call(t, 'GET', '/api/users/me', rahim)).body as Json;
      const res = await call(t, 'GET', `/api/providers/${rahim.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: rahim.id,
        displayName: 'Rahim Uddin',
        photoURL: null,
        // Dhaka has two active services, Sylhet one; the paused (Khulna) and deleted (Barisal) count for nothing.
        areas: ['Dhaka', 'Sylhet'],
        memberSince: me.createdAt,
        emailVerified: true,
        // Every review of their services, the deleted one's too: (5 + 2 + 4) / 3 = 3.67.
        rating: 3.7,
        reviewCount: 3,
        serviceCount: 3,
      });
      // Public: a signed-in caller gets the same.
      expect((await call(t, 'GET', `/api/providers/${rahim.id}`, karim)).body).toEqual(res.body);
    });

    it('rounds the mean rating to one decimal and answers null without reviews', async () => {
      const fresh = await newUser(t.app, { displayName: 'Nobody Reviewed' });
      await createService(t.app, fresh);
      const res = await call(t, 'GET', `/api/providers/${fresh.id}`);
      expect(res.body).toMatchObject({ rating: null, reviewCount: 0, serviceCount: 1, areas: ['Dhaka'] });
      expect(res.body.emailVerified).toBe(false);
    });
  });

  describe('GET /api/providers/{id}/services', () => {
    it('answers their active services newest first, as the public list shows them, with the paging headers', async () => {
      const res = await call(t, 'GET', `/api/providers/${rahim.id}/services`);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers.link).toBeUndefined();
      expect((res.body as Json[]).map((s) => s._id)).toEqual([ids.dhaka2, ids.sylhet, ids.dhaka1]);
      const listed = (await call(t, 'GET', '/api/services?limit=100')).body.services as Json[];
      for (const service of res.body as Json[]) {
        expect(service).toEqual(listed.find((s) => s._id === service._id));
        // A list: neither the provider's id nor the booking terms (the service page has them).
        expect(service).not.toHaveProperty('providerId');
        expect(service).not.toHaveProperty('bookingTerms');
      }
    });

    it('pages with page and limit: X-Total-Count and Link', async () => {
      const first = await call(t, 'GET', `/api/providers/${rahim.id}/services?limit=2`);
      expect((first.body as Json[]).map((s) => s._id)).toEqual([ids.dhaka2, ids.sylhet]);
      expect(first.headers['x-total-count']).toBe('3');
      expect(first.headers.link).toBe(`</api/providers/${rahim.id}/services?limit=2&page=2>; rel="next"`);
      const second = await call(t, 'GET', `/api/providers/${rahim.id}/services?limit=2&page=2`);
      expect((second.body as Json[]).map((s) => s._id)).toEqual([ids.dhaka1]);
      expect(second.headers.link).toBe(`</api/providers/${rahim.id}/services?limit=2&page=1>; rel="prev"`);
      const past = await call(t, 'GET', `/api/providers/${rahim.id}/services?limit=2&page=3`);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe('3');
    });
  });

  describe('GET /api/providers/{id}/reviews', () => {
    it('answers the reviews of all their services newest first, the deleted one’s too, without e-mail addresses', async () => {
      const res = await call(t, 'GET', `/api/providers/${rahim.id}/reviews`);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      const list = res.body as Json[];
      expect(list.map((r) => r._id)).toEqual([...reviewIds].reverse());
      expect(list.map((r) => r.rating)).toEqual([4, 2, 5]);
      expect(list[0]).toMatchObject({
        serviceId: ids.sylhet,
        serviceName: 'Washing machine drum fix',
        providerName: 'Rahim Uddin',
        customerName: 'Karim Hossain',
        customerLocation: 'Sylhet',
      });
      expect(JSON.stringify(list)).not.toContain('@');
      // The same reviews as the service's own list shows.
      const ofService = (await call(t, 'GET', `/api/reviews/service/${ids.sylhet}`)).body as Json[];
      expect(list[0]).toEqual(ofService[0]);
    });

    it('pages with page and limit', async () => {
      const res = await call(t, 'GET', `/api/providers/${rahim.id}/reviews?page=2&limit=1`);
      expect((res.body as Json[]).map((r) => r._id)).toEqual([reviewIds[1]]);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers.link).toBe(
        `</api/providers/${rahim.id}/reviews?page=3&limit=1>; rel="next", </api/providers/${rahim.id}/reviews?page=1&limit=1>; rel="prev"`,
      );
    });
  });

  describe('who is not a provider', () => {
    const paths = ['', '/services', '/reviews'];

    it.each(paths)(
      'GET /api/providers/{id}%s answers 404 for an unknown id, a customer, and a provider with only paused or deleted services',
      async (path) => {
        for (const id of [randomUUID(), karim.id, pausedOnly.id, deletedOnly.id]) {
          const res = await call(t, 'GET', `/api/providers/${id}${path}`);
          expect({ id, status: res.status, body: res.body }).toEqual({
            id,
            status: 404,
            body: { error: 'Provider not found.' },
          });
        }
      },
    );

    it.each(paths)('GET /api/providers/{id}%s answers 400 naming the field for a malformed id', async (path) => {
      for (const id of ['not-an-id', '123', `${rahim.id}x`]) {
        const res = await call(t, 'GET', `/api/providers/${id}${path}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: expect.stringMatching(/^Invalid params: id: must be a valid id/) });
      }
    });

    it.each([
      ['page=0', /page: must be at least 1/],
      ['page=abc', /page: must be a number/],
      ['limit=101', /limit: must be at most 100/],
      ['limit=2.5', /limit: must be a whole number/],
      ['sort=name', /unknown field sort/],
    ])('answers 400 for ?%s on both lists', async (query, message) => {
      for (const path of ['/services', '/reviews']) {
        const res = await call(t, 'GET', `/api/providers/${rahim.id}${path}?${query}`);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body)).toEqual(['error']);
        expect(res.body.error).toMatch(/^Invalid querystring: /);
        expect(res.body.error).toMatch(message);
      }
    });

    it('a provider whose last active service is paused has no page until one is active again', async () => {
      const lone = await newUser(t.app, { displayName: 'Lone Provider' });
      const { _id } = await createService(t.app, lone);
      expect((await call(t, 'GET', `/api/providers/${lone.id}`)).status).toBe(200);
      await call(t, 'PUT', `/api/services/${_id}`, lone, { status: 'paused' });
      expect((await call(t, 'GET', `/api/providers/${lone.id}`)).status).toBe(404);
      await call(t, 'PUT', `/api/services/${_id}`, lone, { status: 'active' });
      expect((await call(t, 'GET', `/api/providers/${lone.id}`)).body).toMatchObject({ serviceCount: 1 });
    });
  });

  describe('GET /api/services/{id}', () => {
    it("carries the provider's id (their page), for a visitor and for the provider", async () => {
      expect((await call(t, 'GET', `/api/services/${ids.dhaka1}`)).body.providerId).toBe(rahim.id);
      expect((await call(t, 'GET', `/api/services/${ids.paused}`, rahim)).body.providerId).toBe(rahim.id);
      const listed = (await call(t, 'GET', '/api/services')).body.services as Json[];
      expect(listed.every((s) => !('providerId' in s))).toBe(true);
    });
  });

  describe('agrees with its services', () => {
    it('after a profile change: the name and photo of the page are those of every service, and counts match the lists', async () => {
      const person = await newUser(t.app);
      const made = [
        (await createService(t.app, person, { serviceArea: 'Rangpur' }))._id,
        (await createService(t.app, person, { serviceArea: 'Khulna' }))._id,
        (await createService(t.app, person, { serviceArea: 'Rangpur' }))._id,
      ];
      const check = async () => {
        const page = (await call(t, 'GET', `/api/providers/${person.id}`)).body as Json;
        const listed = await call(t, 'GET', `/api/providers/${person.id}/services`);
        const reviewed = await call(t, 'GET', `/api/providers/${person.id}/reviews`);
        for (const service of listed.body as Json[]) {
          expect([service.providerName, service.providerImage]).toEqual([page.displayName, page.photoURL]);
        }
        const shown = (await call(t, 'GET', `/api/services/${made[0]}`)).body as Json;
        expect([shown.providerName, shown.providerImage, shown.providerId]).toEqual([
          page.displayName,
          page.photoURL,
          person.id,
        ]);
        expect(listed.headers['x-total-count']).toBe(String(page.serviceCount));
        expect(reviewed.headers['x-total-count']).toBe(String(page.reviewCount));
        // The areas of the listed services, most services first (then by name).
        const perArea = new Map<string, number>();
        for (const s of listed.body as Json[])
          perArea.set(s.serviceArea as string, (perArea.get(s.serviceArea as string) ?? 0) + 1);
        const byCount = [...perArea].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)).map(([area]) => area);
        expect(page.areas).toEqual(byCount);
        return page;
      };
      // Without a display name: the part of the e-mail before the @, on the page and on the services.
      expect((await check()).displayName).toBe(person.email.split('@')[0]);
      expect(
        (await rename(t, person, { displayName: 'Agreeing Person', photoURL: 'https://example.com/a.png' })).status,
      ).toBe(200);
      expect(await check()).toMatchObject({ displayName: 'Agreeing Person', photoURL: 'https://example.com/a.png' });
      await review(t, person, karim, made[1]!, 3);
      expect(await check()).toMatchObject({ rating: 3, reviewCount: 1 });
    });
  });
});

// Every cache on, for longer than the test runs: what changed shows because the write emptied them.
describe('with every cache on, the provider page shows each change at once', () => {
  let t: TestApp;
  let provider: TestUser;
  let customer: TestUser;
  let serviceId: string;
  beforeAll(async () => {
    t = await createTestApp({
      RESPONSE_CACHE_SECONDS: '300',
      AGGREGATE_CACHE_SECONDS: '300',
      SESSION_CACHE_SECONDS: '300',
      SEARCH_INDEX: 'off',
    });
    [provider, customer] = await Promise.all([
      newUser(t.app, { displayName: 'Cached Provider' }),
      newUser(t.app, { displayName: 'Cached Customer' }),
    ]);
    serviceId = (await createService(t.app, provider, { serviceName: 'Projector lamp change', serviceArea: 'Khulna' }))
      ._id;
  });
  afterAll(() => t?.close());

  const urls = () => ({
    profile: `/api/providers/${provider.id}`,
    services: `/api/providers/${provider.id}/services`,
    reviews: `/api/providers/${provider.id}/reviews`,
    search: '/api/services?search=wolfgang',
  });
  /** The three answers as a visitor, read twice so the second comes from the micro-cache. */
  async function page() {
    const read = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(urls()).map(async ([name, url]) => {
            const res = await t.app.inject({ method: 'GET', url });
            expect(res.statusCode, name).toBe(200);
            return [name, { body: res.json(), total: res.headers['x-total-count'], cache: res.headers['x-cache'] }];
          }),
        ),
      );
    await read();
    const cached = await read();
    expect(cached.profile.cache).toBe('hit');
    return cached;
  }

  it('a review: the rating, the review count and the reviews list', async () => {
    const before = await page();
    expect(before.profile.body).toMatchObject({ rating: null, reviewCount: 0 });
    await review(t, provider, customer, serviceId, 4);
    const now = await page();
    expect(now.profile.body).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(now.reviews.total).toBe('1');
  });

  it('a new service and a pause: the count, the areas and the services list', async () => {
    const added = await createService(t.app, provider, { serviceName: 'Speaker cone repair', serviceArea: 'Sylhet' });
    let now = await page();
    expect(now.profile.body).toMatchObject({ serviceCount: 2, areas: ['Khulna', 'Sylhet'] });
    expect(now.services.total).toBe('2');
    await call(t, 'PUT', `/api/services/${added._id}`, provider, { status: 'paused' });
    now = await page();
    expect(now.profile.body).toMatchObject({ serviceCount: 1, areas: ['Khulna'] });
    expect(now.services.total).toBe('1');
  });

  it('a profile change: the name on the page, on its services and in the search counts', async () => {
    const before = await page();
    expect(before.search.body.total).toBe(0);
    expect((await rename(t, provider, { displayName: 'Wolfgang Cached' })).status).toBe(200);
    const now = await page();
    expect(now.profile.body.displayName).toBe('Wolfgang Cached');
    expect((now.services.body as Json[]).map((s) => s.providerName)).toEqual(['Wolfgang Cached']);
    expect((now.reviews.body as Json[]).map((r) => r.providerName)).toEqual(['Wolfgang Cached']);
    expect(now.search.body.total).toBe(1);
  });
});
