import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_BOOKINGS, MAX_PENDING_BOOKINGS_PER_SERVICE } from '@meramot/shared';
import {
  book,
  createService,
  createTestApp,
  newUser,
  setStatus,
  tomorrow,
  type TestApp,
  type TestUser,
} from './helpers';

let t: TestApp;
let provider: TestUser;
let customer: TestUser;
const serviceIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  provider = await newUser(t.app);
  customer = await newUser(t.app);
  for (let i = 0; i < 11; i++)
    serviceIds.push((await createService(t.app, provider, { serviceName: `Repair number ${i}` }))._id);
}, 120_000);
afterAll(() => t.close());

const tryBook = (user: TestUser, serviceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: user.auth,
    payload: { serviceId, serviceTakingDate: tomorrow() },
  });

describe('per-customer limits on pending bookings', () => {
  it(`at most ${MAX_PENDING_BOOKINGS_PER_SERVICE} pending bookings of one service: the next answers 429 with a clear message`, async () => {
    const ids = [];
    for (let i = 0; i < MAX_PENDING_BOOKINGS_PER_SERVICE; i++)
      ids.push((await book(t.app, customer, serviceIds[0]!))._id);
    const over = await tryBook(customer, serviceIds[0]!);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(
      'You already have 3 pending bookings of this service. Wait until the provider starts one, or cancel one, before booking it again.',
    );
    // Once the provider starts one, or the customer cancels one, there is room again.
    await setStatus(t.app, provider, ids[0]!, 'working');
    expect((await tryBook(customer, serviceIds[0]!)).statusCode).toBe(201);
    expect((await tryBook(customer, serviceIds[0]!)).statusCode).toBe(429);
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${ids[1]}`, headers: customer.auth });
    expect((await tryBook(customer, serviceIds[0]!)).statusCode).toBe(201);
  });

  it(`at most ${MAX_PENDING_BOOKINGS} pending bookings in all, also when they are made at once`, async () => {
    // 3 pending of service 0 already; fill services 1..9 with 3 each (27 more: 30 in all), concurrently.
    const results = await Promise.all(
      serviceIds.slice(1, 10).flatMap((id) => Array.from({ length: 3 }, () => tryBook(customer, id))),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(MAX_PENDING_BOOKINGS - 3);
    const over = await tryBook(customer, serviceIds[10]!);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(
      'You already have 30 pending bookings. Wait until providers start some, or cancel some, before booking more.',
    );
  }, 60_000);
});

describe('paging of person-scoped lists', () => {
  it.each([
    ['GET /api/bookings', () => '/api/bookings', () => customer, MAX_PENDING_BOOKINGS + 1],
    [
      'GET /api/bookings/user/{email}',
      () => `/api/bookings/user/${customer.email}`,
      () => customer,
      MAX_PENDING_BOOKINGS + 1,
    ],
    [
      'GET /api/bookings/provider/{email}',
      () => `/api/bookings/provider/${provider.email}`,
      () => provider,
      MAX_PENDING_BOOKINGS + 1,
    ],
    ['GET /api/services/provider/{email}', () => `/api/services/provider/${provider.email}`, () => provider, 11],
  ])('%s keeps the array body, with X-Total-Count and Link', async (_what, url, who, total) => {
    const headers = who().auth;
    const all = await t.app.inject({ method: 'GET', url: url(), headers });
    expect(all.statusCode).toBe(200);
    expect(Array.isArray(all.json())).toBe(true);
    expect(all.json()).toHaveLength(total);
    expect(all.headers['x-total-count']).toBe(String(total));
    expect(all.headers.link).toBeUndefined();

    const first = await t.app.inject({ method: 'GET', url: `${url()}?limit=5`, headers });
    expect(first.json()).toHaveLength(5);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe(`<${new URL(url(), 'http://x').pathname}?limit=5&page=2>; rel="next"`);
    const second = await t.app.inject({ method: 'GET', url: `${url()}?limit=5&page=2`, headers });
    const ids = (r: typeof first) => (r.json() as Array<{ _id: string }>).map((x) => x._id);
    expect(ids(second)).toEqual(ids(all).slice(5, 10));
    expect(second.headers.link).toMatch(/page=3>; rel="next", <.*page=1>; rel="prev"$/);
    const past = await t.app.inject({ method: 'GET', url: `${url()}?limit=5&page=100`, headers });
    expect(past.json()).toEqual([]);

    for (const bad of ['limit=101', 'limit=0', 'page=0', 'page=x', 'other=1']) {
      const res = await t.app.inject({ method: 'GET', url: `${url()}?${bad}`, headers });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
  });

  it('answers 50 items by default and at most 100', async () => {
    for (const id of serviceIds.slice(1, 10)) {
      // Free room for more bookings: the provider starts the pending ones.
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/bookings?limit=100', headers: customer.auth })
      ).json() as Array<{ _id: string; status: string; serviceId: string }>;
      for (const b of list.filter((x) => x.serviceId === id && x.status === 'pending'))
        await setStatus(t.app, provider, b._id, 'working');
      for (let i = 0; i < 3; i++) await book(t.app, customer, id);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: customer.auth });
    expect(res.json()).toHaveLength(50);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(50);
    const max = await t.app.inject({ method: 'GET', url: '/api/bookings?limit=100', headers: customer.auth });
    expect(max.json().length).toBe(Math.min(100, Number(res.headers['x-total-count'])));
  }, 120_000);
});
