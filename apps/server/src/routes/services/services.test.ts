import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_HOURS, lastPageInWindow } from '@meramot/shared';
import {
  book,
  createService,
  createTestApp,
  newUser,
  servicePayload,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
// A service shows its provider's profile name: one person per provider name of the catalogue below.
let aliceMobile: TestUser;
let amber: TestUser;
let batteryBob: TestUser;
let cyber: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, aliceMobile, amber, batteryBob, cyber] = await Promise.all([
    newUser(t.app, { displayName: 'Alice Repairs' }),
    newUser(t.app, { displayName: 'bob Cooling' }),
    newUser(t.app, { displayName: 'Alice Mobile Care' }),
    newUser(t.app, { displayName: 'Amber Chargers' }),
    newUser(t.app, { displayName: 'Battery Bob' }),
    newUser(t.app, { displayName: 'Cyber Rescue' }),
  ]);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

async function call(method: InjectOptions['method'], url: string, user?: TestUser | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json() };
}

const list = async (query = '') =>
  (await call('GET', `/api/services${query}`)).body as { services: Json[]; total: number; page: number; limit: number };
const names = (services: Json[]) => services.map((s) => s.serviceName);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One catalogue for the reading calls: names, prices and provider names all distinct, so every sort
 * has a single right order. Created in this order (newest last), then P paused and D deleted. Each
 * provider name is its owner's display name (a service carries its provider's profile name): alice
 * owns A1, P and D, bob B1, and one person of that name each of the others.
 */
const A1 = {
  serviceName: 'Laptop keyboard fix (Acer, HP)',
  serviceDescription: 'Sticky or dead keys replaced with careful soldering work.',
  servicePrice: 800,
  serviceArea: 'Dhaka',
  providerName: 'Alice Repairs',
};
const B1 = {
  serviceName: 'AC servicing',
  serviceDescription: 'Gas refill and cleaning for split air conditioners.',
  servicePrice: 2500,
  serviceArea: 'Chittagong',
  providerName: 'bob Cooling',
};
const A2 = {
  serviceName: 'Smartphone Screen Replacement',
  serviceDescription: 'Original-grade screens fitted while you wait.',
  servicePrice: 1500,
  serviceArea: 'Dhaka',
  providerName: 'Alice Mobile Care',
};
const B2 = {
  serviceName: '100% genuine_parts battery swap',
  serviceDescription: 'Batteries for every phone brand, fitted in an hour.',
  servicePrice: 1200,
  serviceArea: 'Sylhet',
  providerName: 'Battery Bob',
};
const B3 = {
  serviceName: 'Data recovery from C:\\ drives',
  serviceDescription: 'Files rescued from failing disks, priced from 1000 taka.',
  servicePrice: 3000,
  serviceArea: 'Khulna',
  providerName: 'Cyber Rescue',
};
const A3 = {
  serviceName: 'genuineXparts charger repair',
  serviceDescription: 'Chargers and adapters checked and repaired quickly.',
  servicePrice: 450,
  serviceArea: 'Rangpur',
  providerName: 'Amber Chargers',
};
const P = {
  serviceName: 'Paused TV repair',
  serviceDescription: 'Panels and boards of every television brand.',
  servicePrice: 900,
  serviceArea: 'Rajshahi',
  providerName: 'Alice Repairs',
};
const D = {
  serviceName: 'Deleted television fix',
  serviceDescription: 'A service its provider has since deleted.',
  servicePrice: 700,
  serviceArea: 'Barisal',
  providerName: 'Alice Repairs',
};

const ids: Record<string, string> = {};

describe('the reading calls, on one catalogue', () => {
  beforeAll(async () => {
    for (const [key, owner, fields] of [
      ['A1', alice, A1],
      ['B1', bob, B1],
      ['A2', aliceMobile, A2],
      ['B2', batteryBob, B2],
      ['B3', cyber, B3],
      ['A3', amber, A3],
      ['P', alice, P],
      ['D', alice, D],
    ] as const) {
      ids[key] = (await createService(t.app, owner, fields))._id;
    }
    expect((await call('PUT', `/api/services/${ids.P}`, alice, { status: 'paused' })).status).toBe(200);
    expect((await call('DELETE', `/api/services/${ids.D}`, alice)).status).toBe(200);
  });

  describe('GET /api/services', () => {
    it('answers {services,total,totalCapped,page,limit,query}, newest first by default, without paused or deleted services', async () => {
      const body = await list();
      expect(Object.keys(body).sort()).toEqual(['limit', 'page', 'query', 'services', 'total', 'totalCapped']);
      expect(body).toMatchObject({ total: 6, totalCapped: false, page: 1, limit: 20, query: null });
      expect(names(body.services)).toEqual([A3, B3, B2, A2, B1, A1].map((s) => s.serviceName));
      expect(body.services.map((s) => s._id)).not.toContain(ids.P);
      expect(body.services.map((s) => s._id)).not.toContain(ids.D);
      expect(body.services[0]).toEqual({
        _id: ids.A3,
        ...A3,
        // Sent with the division only (the spec's clients): no district, no areas.
        serviceDistrict: null,
        serviceAreas: [],
        places: [],
        serviceImage: 'https://example.com/phone.webp',
        providerEmail: amber.email,
        providerImage: null,
        providerVerified: false,
        status: 'active',
        bookings: 0,
        rating: null,
        reviewCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it.each([
      ['newest', [A3, B3, B2, A2, B1, A1]],
      ['name', [B2, B1, B3, A3, A1, A2]],
      ['price-low', [A3, A1, B2, A2, B1, B3]],
      ['price-high', [B3, B1, A2, B2, A1, A3]],
      ['provider', [A2, A1, A3, B2, B1, B3]],
    ])('sorts by %s (names and provider names case-insensitively)', async (sort, expected) => {
      const body = await list(`?sort=${sort}`);
      expect(names(body.services)).toEqual(expected.map((s) => s.serviceName));
    });

    it('filters by area', async () => {
      expect(names((await list('?area=Dhaka')).services)).toEqual([A2.serviceName, A1.serviceName]);
      expect((await list('?area=Dhaka')).total).toBe(2);
      expect(names((await list('?area=Khulna')).services)).toEqual([B3.serviceName]);
      // Rajshahi has only a paused service, Barisal only a deleted one.
      expect(await list('?area=Rajshahi')).toEqual({
        services: [],
        total: 0,
        totalCapped: false,
        page: 1,
        limit: 20,
        query: null,
      });
      expect((await list('?area=Barisal')).total).toBe(0);
    });

    it.each([
      ['the name', 'KEYBOARD', [A1]],
      ['the description', 'Soldering', [A1]],
      ['the provider name', 'cyber RESCUE', [B3]],
      ['the area', 'sylHET', [B2]],
      // Best match: the whole word "genuine" (B2) before the word it begins (A3).
      ['any of the fields', 'genuine', [B2, A3]],
      ['nothing', 'no-such-thing', []],
    ])('search matches %s case-insensitively (%s)', async (_what, text, expected) => {
      const body = await list(`?search=${encodeURIComponent(text)}`);
      expect(names(body.services)).toEqual(expected.map((s) => s.serviceName));
      expect(body.total).toBe(expected.length);
    });

    it.each([
      ['100%', [B2]],
      ['%', [B2]],
      ['genuine_p', [B2]],
      ['_', [B2]],
      ['\\', [B3]],
      ['C:\\ dr', [B3]],
      ['1000', [B3]],
    ])('search text %j is matched literally, not as a LIKE pattern', async (text, expected) => {
      const body = await list(`?search=${encodeURIComponent(text)}`);
      expect(names(body.services)).toEqual(expected.map((s) => s.serviceName));
    });

    it('combines search, area and sort', async () => {
      expect(names((await list('?search=genuine&area=Sylhet')).services)).toEqual([B2.serviceName]);
      expect(names((await list('?search=alice&sort=price-high')).services)).toEqual([A2, A1].map((s) => s.serviceName));
      expect(names((await list('?search=alice&sort=price-low')).services)).toEqual([A1, A2].map((s) => s.serviceName));
    });

    it('treats a blank search as no search', async () => {
      expect((await list('?search=%20%20')).total).toBe(6);
    });

    it('pages with page and limit, reporting the total of all matches', async () => {
      const order = [A3, B3, B2, A2, B1, A1].map((s) => s.serviceName);
      for (const page of [1, 2, 3]) {
        const body = await list(`?limit=2&page=${page}`);
        expect(body).toMatchObject({ total: 6, page, limit: 2 });
        expect(names(body.services)).toEqual(order.slice((page - 1) * 2, page * 2));
      }
      expect(await list('?limit=2&page=4')).toEqual({
        services: [],
        total: 6,
        totalCapped: false,
        page: 4,
        limit: 2,
        query: null,
      });
      expect((await list('?limit=100')).limit).toBe(100);
    });

    it('pages through the first LIST_WINDOW results only, and says so past them', async () => {
      const last = lastPageInWindow(20);
      expect((await call('GET', `/api/services?page=${last}`)).status).toBe(200);
      for (const query of [`page=${last + 1}`, 'page=100000&limit=100']) {
        const res = await call('GET', `/api/services?${query}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(
          /^Only the first 1,000 services of a list can be paged through .*search or choose an area/,
        );
      }
    });

    it.each([
      ['page=0', /page/],
      ['page=-1', /page/],
      ['page=abc', /page: must be a number/],
      ['limit=0', /limit/],
      ['limit=101', /limit: must be at most 100/],
      ['limit=2.5', /limit/],
      ['sort=cheapest', /sort: must be one of newest, name, price-low, price-high, provider/],
      ['area=Kolkata', /area: must be one of Dhaka/],
      [`search=${'x'.repeat(101)}`, /search/],
      ['color=red', /unknown field color/],
    ])('answers 400 naming the parameter for ?%s', async (query, message) => {
      const res = await call('GET', `/api/services?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Invalid querystring: /);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('GET /api/services/areas and /api/services/categories', () => {
    it('areas counts only active, undeleted services, by area', async () => {
      const res = await call('GET', '/api/services/areas');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { area: 'Chittagong', count: 1 },
        { area: 'Dhaka', count: 2 },
        { area: 'Khulna', count: 1 },
        { area: 'Rangpur', count: 1 },
        { area: 'Sylhet', count: 1 },
      ]);
    });

    it('categories count whole-word keywords in active service names ("AC servicing" is AC, "Replacement" and "Acer" are not)', async () => {
      const res = await call('GET', '/api/services/categories');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { key: 'smartphone', name: 'Smartphone Repair', keywords: ['phone', 'mobile', 'smartphone'], count: 1 },
        { key: 'laptop', name: 'Laptop Repair', keywords: ['laptop', 'computer', 'pc'], count: 1 },
        // "Paused TV repair" and "Deleted television fix" are not public.
        { key: 'tv', name: 'TV Repair', keywords: ['tv', 'television', 'display'], count: 0 },
        { key: 'ac', name: 'AC Repair', keywords: ['ac', 'air', 'conditioning'], count: 1 },
      ]);
    });
  });

  describe('GET /api/services/{id}', () => {
    it('answers an active service to anyone', async () => {
      const res = await call('GET', `/api/services/${ids.B1}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: ids.B1, ...B1, providerEmail: bob.email, status: 'active' });
      // The service page links to its provider's page.
      expect(res.body.providerId).toBe(bob.id);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await call('GET', `/api/services/${randomUUID()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: "Service not found. The service you're looking for doesn't exist." });
      const malformed = await call('GET', '/api/services/not-an-id');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatch(/id: must be a valid id/);
    });

    it('hides a paused service from visitors and other users, but shows it to its provider', async () => {
      expect((await call('GET', `/api/services/${ids.P}`)).status).toBe(404);
      expect((await call('GET', `/api/services/${ids.P}`, bob)).status).toBe(404);
      const garbage = await t.app.inject({
        method: 'GET',
        url: `/api/services/${ids.P}`,
        headers: { authorization: 'Bearer garbage' },
      });
      expect(garbage.statusCode).toBe(404);
      const own = await call('GET', `/api/services/${ids.P}`, alice);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ _id: ids.P, ...P, status: 'paused' });
      // The spec's client may send the Firebase ID token itself as the bearer.
      const firebase = await t.app.inject({
        method: 'GET',
        url: `/api/services/${ids.P}`,
        headers: { authorization: `Bearer ${alice.idToken}` },
      });
      expect(firebase.statusCode).toBe(200);
    });

    it('answers 404 for a deleted service, even to its provider', async () => {
      expect((await call('GET', `/api/services/${ids.D}`)).status).toBe(404);
      expect((await call('GET', `/api/services/${ids.D}`, alice)).status).toBe(404);
    });
  });

  describe('GET /api/services/provider/{email}', () => {
    it("answers the caller's own services newest first, paused included, deleted excluded", async () => {
      const res = await call('GET', `/api/services/provider/${encodeURIComponent(alice.email)}`, alice);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual([P, A1].map((s) => s.serviceName));
      expect(res.body[0]).toMatchObject({ status: 'paused', providerEmail: alice.email });
      const upper = await call('GET', `/api/services/provider/${encodeURIComponent(alice.email.toUpperCase())}`, alice);
      expect(upper.status).toBe(200);
      expect(upper.body).toEqual(res.body);
    });

    it("answers 403 for another provider's e-mail, 401 without a token, 400 for a non-e-mail", async () => {
      const other = await call('GET', `/api/services/provider/${encodeURIComponent(bob.email)}`, alice);
      expect(other).toEqual({ status: 403, body: { error: 'You can only see your own services.' } });
      const visitor = await call('GET', `/api/services/provider/${encodeURIComponent(alice.email)}`);
      expect(visitor).toEqual({ status: 401, body: { error: 'Authentication required' } });
      const notEmail = await call('GET', '/api/services/provider/alice', alice);
      expect(notEmail.status).toBe(400);
      expect(notEmail.body.error).toMatch(/id: must be an e-mail address/);
    });
  });
});

describe('POST /api/services', () => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await newUser(t.app, { displayName: 'Carol Fixes' });
  });

  const carolServices = async () =>
    (await call('GET', `/api/services/provider/${encodeURIComponent(carol.email)}`, carol)).body as Json[];

  it('answers 201 with the stored service, its provider e-mail taken from the token', async () => {
    const payload = servicePayload({
      serviceName: 'Tablet charging port repair',
      servicePrice: 950.5,
      serviceArea: 'Mymensingh',
      providerName: 'Carol Fixes',
    });
    const res = await call('POST', '/api/services', carol, payload);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(uuidPattern),
      serviceName: 'Tablet charging port repair',
      serviceDescription: payload.serviceDescription,
      servicePrice: 950.5,
      serviceArea: 'Mymensingh',
      serviceDistrict: null,
      serviceAreas: [],
      places: [],
      serviceImage: payload.serviceImage,
      providerName: 'Carol Fixes',
      providerEmail: carol.email,
      providerImage: null,
      providerVerified: false,
      status: 'active',
      bookings: 0,
      rating: null,
      reviewCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      providerId: carol.id,
      // Issue 20: how it is booked; a provider who set nothing gets every day 09:00-21:00.
      bookingTerms: {
        weeklyHours: DEFAULT_WEEKLY_HOURS,
        defaultHours: true,
        jobMinutes: null,
        workLocation: 'either',
        shopAddress: null,
      },
      // Issue 23: its uploaded photos (none: an image URL was sent).
      photos: [],
    });
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    expect((await call('GET', `/api/services/${res.body._id}`)).body).toEqual(res.body);
  });

  it("accepts the spec client's payload: its own providerEmail, a numeric string price, a provider image and imageURL as the image", async () => {
    // The provider image is the profile's photo: Carol's profile has it, the body repeats it.
    const profile = { displayName: 'Carol Fixes', photoURL: 'https://example.com/carol.png' };
    expect((await call('PUT', '/api/users/me', carol, profile)).status).toBe(200);
    const res = await call('POST', '/api/services', carol, {
      ...servicePayload({
        serviceImage: undefined,
        providerImage: 'https://example.com/carol.png',
        servicePrice: '1200',
      }),
      imageURL: 'https://example.com/fallback.jpg',
      providerEmail: carol.email.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      serviceImage: 'https://example.com/fallback.jpg',
      providerImage: 'https://example.com/carol.png',
      servicePrice: 1200,
      providerEmail: carol.email,
    });
  });

  it('ignores createdAt and updatedAt in the body: the server keeps time', async () => {
    const before = Date.now();
    const res = await call(
      'POST',
      '/api/services',
      carol,
      servicePayload({ createdAt: '2001-01-01T00:00:00.000Z', updatedAt: '2001-01-02T00:00:00.000Z' }),
    );
    expect(res.status).toBe(201);
    for (const field of ['createdAt', 'updatedAt']) {
      const at = new Date(res.body[field] as string).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 5_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    }
  });

  it.each([
    ['a missing name', { serviceName: undefined }, 'serviceName: Service name is required'],
    ['a price of 99', { servicePrice: 99 }, 'servicePrice: Price must be at least 100'],
    ['a price of "abc"', { servicePrice: 'abc' }, 'servicePrice: Price must be a number'],
    [
      'an area that is not a division',
      { serviceArea: 'Kolkata' },
      'serviceArea: Area must be one of Dhaka, Chittagong, Rajshahi, Khulna, Barisal, Sylhet, Rangpur, Mymensingh',
    ],
    ['an image that is not a URL', { serviceImage: 'phone.webp' }, 'serviceImage: must be a valid URL'],
    ['no image at all', { serviceImage: undefined }, 'serviceImage: Service image is required'],
    [
      'a provider image that is not a URL',
      { providerImage: 'javascript:alert(1)' },
      'providerImage: must be a valid URL',
    ],
    [
      'a short description',
      { serviceDescription: 'Quick' },
      'serviceDescription: Description must be at least 10 characters',
    ],
    ['a missing provider name', { providerName: '  ' }, 'providerName: Provider name is required'],
    ['an unknown field', { featured: true }, 'unknown field featured'],
    ['a bad status', { status: 'deleted' }, 'status:'],
  ])('answers 400 naming the field for %s, and stores nothing', async (_what, overrides, message) => {
    const before = (await carolServices()).length;
    const res = await call('POST', '/api/services', carol, servicePayload(overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(/^Invalid body: /);
    expect(res.body.error).toContain(message);
    expect((await carolServices()).length).toBe(before);
  });

  it("answers 403 for someone else's providerEmail and 401 without a token", async () => {
    const before = (await carolServices()).length;
    const forged = await call('POST', '/api/services', carol, servicePayload({ providerEmail: alice.email }));
    expect(forged).toEqual({
      status: 403,
      body: { error: 'The provider e-mail must be your own: you can only list services as yourself.' },
    });
    const visitor = await call('POST', '/api/services', null, servicePayload());
    expect(visitor).toEqual({ status: 401, body: { error: 'Authentication required' } });
    expect((await carolServices()).length).toBe(before);
  });
});

describe('PUT /api/services/{id}', () => {
  let dina: TestUser;
  let id: string;
  let created: Json;
  beforeAll(async () => {
    dina = await newUser(t.app, { displayName: 'Dina Cold Care' });
    // The provider name and image are Dina's profile's (the spec client's payload repeats them).
    const profile = { displayName: 'Dina Cold Care', photoURL: 'https://example.com/dina.png' };
    expect((await call('PUT', '/api/users/me', dina, profile)).status).toBe(200);
    created = await createService(t.app, dina, {
      serviceName: 'Refrigerator gas refill',
      serviceArea: 'Barisal',
    });
    id = created._id as string;
  });

  it('changes every field with the full payload the spec client sends, keeping createdAt', async () => {
    await new Promise((r) => setTimeout(r, 10));
    const payload = {
      _id: id,
      serviceName: 'Fridge and freezer gas refill',
      serviceDescription: 'Leak test, gas refill and thermostat check at your home.',
      servicePrice: 2200,
      serviceArea: 'Rangpur',
      imageURL: 'https://example.com/fridge.jpg',
      providerName: 'Dina Cold Care',
      providerEmail: dina.email,
      providerImage: 'https://example.com/dina.png',
      createdAt: '2001-01-01T00:00:00.000Z',
      updatedAt: '2001-01-01T00:00:00.000Z',
    };
    const res = await call('PUT', `/api/services/${id}`, dina, payload);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id,
      serviceName: 'Fridge and freezer gas refill',
      serviceDescription: payload.serviceDescription,
      servicePrice: 2200,
      serviceArea: 'Rangpur',
      serviceImage: 'https://example.com/fridge.jpg',
      providerName: 'Dina Cold Care',
      providerEmail: dina.email,
      providerImage: 'https://example.com/dina.png',
      status: 'active',
      createdAt: created.createdAt,
    });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt as string).getTime());
    expect((await call('GET', `/api/services/${id}`)).body).toEqual(res.body);
  });

  it('pauses and re-activates with {status} only, leaving the other fields alone', async () => {
    const before = (await call('GET', `/api/services/${id}`)).body;
    const paused = await call('PUT', `/api/services/${id}`, dina, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ ...before, status: 'paused', updatedAt: expect.any(String) });
    expect((await list('?search=freezer')).total).toBe(0);
    expect((await call('GET', `/api/services/${id}`)).status).toBe(404);
    const active = await call('PUT', `/api/services/${id}`, dina, { status: 'active' });
    expect(active.body.status).toBe('active');
    expect(names((await list('?search=freezer')).services)).toEqual(['Fridge and freezer gas refill']);
  });

  it('answers 400 for a bad status or an invalid field, and changes nothing', async () => {
    const before = (await call('GET', `/api/services/${id}`)).body;
    const badStatus = await call('PUT', `/api/services/${id}`, dina, { status: 'deleted' });
    expect(badStatus).toEqual({
      status: 400,
      body: { error: 'Invalid body: status: Status must be active or paused.' },
    });
    const badPrice = await call('PUT', `/api/services/${id}`, dina, { servicePrice: 50 });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.error).toContain('servicePrice: Price must be at least 100');
    const malformed = await call('PUT', '/api/services/123', dina, { status: 'paused' });
    expect(malformed.status).toBe(400);
    expect((await call('GET', `/api/services/${id}`)).body).toEqual(before);
  });

  it('is for the provider only: 403 for another user, 401 for a visitor, 404 for an unknown id', async () => {
    const before = (await call('GET', `/api/services/${id}`)).body;
    expect(await call('PUT', `/api/services/${id}`, bob, { status: 'paused' })).toEqual({
      status: 403,
      body: { error: 'Only the provider of this service can change it.' },
    });
    expect(await call('PUT', `/api/services/${id}`, null, { status: 'paused' })).toEqual({
      status: 401,
      body: { error: 'Authentication required' },
    });
    expect(await call('PUT', `/api/services/${randomUUID()}`, dina, { status: 'paused' })).toEqual({
      status: 404,
      body: { error: 'Service not found.' },
    });
    const forged = await call('PUT', `/api/services/${id}`, dina, { providerEmail: bob.email });
    expect(forged.status).toBe(403);
    expect((await call('GET', `/api/services/${id}`)).body).toEqual(before);
  });
});

describe('DELETE /api/services/{id}', () => {
  let erin: TestUser;
  let customer: TestUser;
  let id: string;
  let bookingId: string;
  beforeAll(async () => {
    [erin, customer] = await Promise.all([
      newUser(t.app, { displayName: 'Erin Electronics' }),
      newUser(t.app, { displayName: 'Farid' }),
    ]);
    id = (
      await createService(t.app, erin, {
        serviceName: 'Quokka TV console repair',
        serviceArea: 'Mymensingh',
        providerName: 'Erin Electronics',
      })
    )._id;
    bookingId = (await book(t.app, customer, id))._id;
  });

  const tvCount = async () =>
    ((await call('GET', '/api/services/categories')).body as Json[]).find((c) => c.key === 'tv')!.count as number;
  const mymensingh = async () =>
    (((await call('GET', '/api/services/areas')).body as Json[]).find((a) => a.area === 'Mymensingh')?.count ??
      0) as number;

  it('refuses another user (403) and a visitor (401), and the service stays', async () => {
    expect(await call('DELETE', `/api/services/${id}`, bob)).toEqual({
      status: 403,
      body: { error: 'Only the provider of this service can change it.' },
    });
    expect(await call('DELETE', `/api/services/${id}`)).toEqual({
      status: 401,
      body: { error: 'Authentication required' },
    });
    expect((await call('GET', `/api/services/${id}`)).status).toBe(200);
  });

  it('soft-deletes: gone from lists, search, areas, categories and GET by id, while its booking stays readable', async () => {
    const bookingsBefore = (await call('GET', '/api/bookings', customer)).body as Json[];
    expect(bookingsBefore.find((b) => b._id === bookingId)).toMatchObject({ serviceDeleted: false });
    const tvBefore = await tvCount();
    const mymensinghBefore = await mymensingh();
    expect(names((await list('?search=quokka')).services)).toEqual(['Quokka TV console repair']);

    const res = await call('DELETE', `/api/services/${id}`, erin);
    expect(res).toEqual({ status: 200, body: { message: 'Service deleted.', _id: id } });

    expect(await list('?search=quokka')).toEqual({
      services: [],
      total: 0,
      totalCapped: false,
      page: 1,
      limit: 20,
      query: { corrected: null, terms: [], place: null },
    });
    expect((await list()).services.map((s) => s._id)).not.toContain(id);
    expect((await call('GET', '/api/search/quokka')).body).toEqual([]);
    expect(await mymensingh()).toBe(mymensinghBefore - 1);
    expect(await tvCount()).toBe(tvBefore - 1);
    expect((await call('GET', `/api/services/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/services/${id}`, erin)).status).toBe(404);
    expect((await call('GET', `/api/services/provider/${encodeURIComponent(erin.email)}`, erin)).body).toEqual([]);

    const after = (await call('GET', '/api/bookings', customer)).body as Json[];
    expect(after.find((b) => b._id === bookingId)).toMatchObject({
      serviceId: id,
      serviceName: 'Quokka TV console repair',
      providerEmail: erin.email,
      serviceDeleted: true,
    });
  });

  it('answers 404 to a second delete, to an unknown id and to an update of the deleted service', async () => {
    expect(await call('DELETE', `/api/services/${id}`, erin)).toEqual({
      status: 404,
      body: { error: 'Service not found.' },
    });
    expect((await call('DELETE', `/api/services/${randomUUID()}`, erin)).status).toBe(404);
    expect((await call('PUT', `/api/services/${id}`, erin, { status: 'active' })).status).toBe(404);
    expect((await call('DELETE', '/api/services/nope', erin)).status).toBe(400);
  });
});

describe('authorization table', () => {
  let owner: TestUser;
  let other: TestUser;
  const serviceIds: Record<string, string> = {};
  beforeAll(async () => {
    [owner, other] = await Promise.all([newUser(t.app), newUser(t.app)]);
    serviceIds.update = (await createService(t.app, owner, { serviceName: 'Authz update target' }))._id;
    serviceIds.delete = (await createService(t.app, owner, { serviceName: 'Authz delete target' }))._id;
  });

  interface Row {
    call: string;
    request: () => { method: InjectOptions['method']; url: string; payload?: Json };
    success: number;
    /** The 403 message for another user. */
    forbidden: string;
    /** Checks the effect of the owner's call. */
    done: (body: Json | Json[]) => Promise<void>;
  }
  const rows: Row[] = [
    {
      call: 'GET /api/services/provider/{email}',
      request: () => ({ method: 'GET', url: `/api/services/provider/${encodeURIComponent(owner.email)}` }),
      success: 200,
      forbidden: 'You can only see your own services.',
      done: async (body) => {
        expect((body as Json[]).map((s) => s.serviceName).sort()).toEqual([
          'Authz delete target',
          'Authz update target',
        ]);
      },
    },
    {
      call: 'POST /api/services',
      request: () => ({
        method: 'POST',
        url: '/api/services',
        payload: servicePayload({ serviceName: 'Authz created', providerEmail: owner.email }),
      }),
      success: 201,
      forbidden: 'The provider e-mail must be your own: you can only list services as yourself.',
      done: async (body) => {
        expect(body).toMatchObject({ serviceName: 'Authz created', providerEmail: owner.email });
      },
    },
    {
      call: 'PUT /api/services/{id}',
      request: () => ({ method: 'PUT', url: `/api/services/${serviceIds.update}`, payload: { status: 'paused' } }),
      success: 200,
      forbidden: 'Only the provider of this service can change it.',
      done: async (body) => {
        expect(body).toMatchObject({ _id: serviceIds.update, status: 'paused' });
      },
    },
    {
      call: 'DELETE /api/services/{id}',
      request: () => ({ method: 'DELETE', url: `/api/services/${serviceIds.delete}` }),
      success: 200,
      forbidden: 'Only the provider of this service can change it.',
      done: async () => {
        expect((await call('GET', `/api/services/${serviceIds.delete}`, owner)).status).toBe(404);
      },
    },
  ];

  describe.each(rows)('$call', (row) => {
    it.each([
      { who: 'a visitor (no token)', as: 'visitor', status: 401, message: 'Authentication required' },
      { who: 'another user', as: 'other', status: 403, message: row.forbidden },
      { who: 'the owner', as: 'owner', status: row.success, message: null },
    ] as const)('$who → $status', async ({ as, status, message }) => {
      const user = as === 'visitor' ? null : as === 'other' ? other : owner;
      const { method, url, payload } = row.request();
      const res = await call(method, url, user, payload);
      expect(res.status).toBe(status);
      if (message === null) {
        await row.done(res.body);
      } else {
        expect(res.body).toEqual({ error: message });
      }
    });
  });

  it('left nothing changed by the refused calls', async () => {
    const mine = (await call('GET', `/api/services/provider/${encodeURIComponent(owner.email)}`, owner)).body as Json[];
    expect(mine.map((s) => s.serviceName).sort()).toEqual(['Authz created', 'Authz update target']);
    const theirs = (await call('GET', `/api/services/provider/${encodeURIComponent(other.email)}`, other)).body;
    expect(theirs).toEqual([]);
  });
});
