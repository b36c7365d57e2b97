import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { invalidationPlugin } from './invalidation';

// Every cache on, for longer than the test runs: a figure that changes changed because of the write.
let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let serviceId: string;
beforeAll(async () => {
  t = await createTestApp({
    RESPONSE_CACHE_SECONDS: '300',
    AGGREGATE_CACHE_SECONDS: '300',
    SESSION_CACHE_SECONDS: '300',
  });
  provider = await newUser(t.app, { displayName: 'Invalidation Provider' });
  customer = await newUser(t.app, { displayName: 'Invalidation Customer' });
  serviceId = (await createService(t.app, provider, { serviceName: 'Zebratron Laptop Repair', serviceArea: 'Khulna' }))
    ._id;
});
afterAll(() => t.close());

const PUBLIC_URLS = {
  bookingStats: '/api/bookings/stats',
  platform: '/api/stats',
  reviewStats: '/api/reviews/stats',
  service: () => `/api/services/${serviceId}`,
  list: '/api/services?area=Khulna',
  search: '/api/search/zebratron',
  areas: '/api/services/areas',
  places: '/api/services/places',
  categories: '/api/services/categories',
} as const;

type Figures = Record<keyof typeof PUBLIC_URLS, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every public figure, as a visitor (micro-cache and aggregates) or signed in (aggregates only). */
async function figures(headers: Record<string, string> = {}): Promise<Figures> {
  const entries = await Promise.all(
    Object.entries(PUBLIC_URLS).map(async ([name, url]) => {
      const res = await t.app.inject({ method: 'GET', url: typeof url === 'function' ? url() : url, headers });
      expect(res.statusCode, name).toBe(200);
      return [name, res.json()] as const;
    }),
  );
  return Object.fromEntries(entries) as Figures;
}

/** Reads every figure twice as a visitor and once signed in, so every cache holds them. */
async function warm(): Promise<Figures> {
  await figures();
  const visitor = await figures();
  expect(await figures(customer.auth)).toEqual(visitor);
  const again = await t.app.inject({ method: 'GET', url: PUBLIC_URLS.bookingStats });
  expect(again.headers['x-cache']).toBe('hit');
  return visitor;
}

/** The figures after a write, the same for a visitor and for a signed-in caller. */
async function after(): Promise<Figures> {
  const visitor = await figures();
  expect(await figures(customer.auth)).toEqual(visitor);
  return visitor;
}

const categoryCount = (f: Figures, key: string) =>
  (f.categories as { key: string; count: number }[]).find((c) => c.key === key)!.count;
const areaCount = (f: Figures, area: string) =>
  (f.areas as { area: string; count: number }[]).find((a) => a.area === area)?.count ?? 0;

describe('every write route declares what it changes', () => {
  it('lists each write route with its resources (a new write route needs a row here)', () => {
    const routes = t.app.invalidation.writeRoutes.map((r) => `${r.method} ${r.url} ${r.changes.join(',')}`).sort();
    expect(routes).toEqual(
      [
        'POST /api/auth/firebase-login users',
        'POST /api/auth/logout sessions',
        // A profile change renames the person's services.
        'PUT /api/users/me users,services',
        'POST /api/services services',
        'PUT /api/services/:id services',
        'DELETE /api/services/:id services',
        'POST /api/bookings bookings',
        'PUT /api/bookings/:id/status bookings',
        'DELETE /api/bookings/:id bookings',
        'POST /api/bookings/:id/accept bookings',
        'POST /api/bookings/:id/decline bookings',
        'POST /api/bookings/:id/proposals bookings',
        'POST /api/bookings/:id/proposals/:proposalId/accept bookings',
        'POST /api/bookings/:id/proposals/:proposalId/decline bookings',
        'POST /api/reviews reviews',
        'PUT /api/reviews/:id reviews',
        // Notifications and conversations: a person's own rows, never in a shared cache.
        'POST /api/notifications/read ',
        'PUT /api/users/me/notification-settings users',
        'PUT /api/users/me/language users',
        'POST /api/users/me/sms-phone users',
        'DELETE /api/users/me/sms-phone users',
        'PUT /api/notification-settings/link users',
        'POST /api/bookings/:id/messages ',
        'POST /api/bookings/:id/messages/read ',
        // An uploaded photo is its owner's until something takes it: no public answer shows it.
        'POST /api/photos ',
        'DELETE /api/photos/:id ',
      ].sort(),
    );
  });

  it('refuses to register a write route that does not declare its changes', async () => {
    const app = Fastify();
    await app.register(invalidationPlugin);
    expect(() => app.post('/things', async () => ({}))).toThrow(/POST \/things must declare config\.changes/);
    expect(() => app.delete('/things/:id', { config: { changes: [] } }, async () => ({}))).not.toThrow();
    app.get('/things', async () => []);
    await app.close();
  });
});

describe('with every cache on, a write shows at once in every figure made from it', () => {
  let bookingId: string;

  it('a booking: booking figures, platform figures and the service count', async () => {
    const before = await warm();
    bookingId = (await book(t.app, customer, serviceId))._id;
    const now = await after();
    expect(now.bookingStats.totalBookings).toBe(before.bookingStats.totalBookings + 1);
    expect(now.bookingStats.pendingBookings).toBe(before.bookingStats.pendingBookings + 1);
    expect(now.platform.totalBookings).toBe(before.platform.totalBookings + 1);
    expect(now.platform.totalCustomers).toBe(before.platform.totalCustomers + 1);
    expect(now.service.bookings).toBe(before.service.bookings + 1);
    expect(now.list.services[0].bookings).toBe(before.service.bookings + 1);
    expect(now.search[0].bookings).toBe(before.service.bookings + 1);
  });

  it('a status change to working, then completed: completedJobs and the response time', async () => {
    let before = await warm();
    expect(before.reviewStats.averageResponseMinutes).toBeNull();
    await setStatus(t.app, provider, bookingId, 'working');
    let now = await after();
    expect(now.bookingStats.workingBookings).toBe(before.bookingStats.workingBookings + 1);
    expect(now.bookingStats.pendingBookings).toBe(before.bookingStats.pendingBookings - 1);
    expect(now.reviewStats.averageResponseMinutes).not.toBeNull();

    before = await warm();
    await setStatus(t.app, provider, bookingId, 'completed');
    now = await after();
    expect(now.bookingStats.completedJobs).toBe(before.bookingStats.completedJobs + 1);
    expect(now.platform.completedJobs).toBe(before.platform.completedJobs + 1);
  });

  it('a review: review figures, platform figures and the service rating', async () => {
    const before = await warm();
    expect(before.service.reviewCount).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.auth,
      payload: reviewPayload(bookingId, { rating: 4 }),
    });
    expect(res.statusCode).toBe(201);
    const now = await after();
    expect(now.reviewStats.totalReviews).toBe(before.reviewStats.totalReviews + 1);
    expect(now.reviewStats.averageRating).toBe(4);
    expect(now.platform.totalReviews).toBe(before.platform.totalReviews + 1);
    expect(now.platform.averageRating).toBe(4);
    expect(now.service.reviewCount).toBe(1);
    expect(now.service.rating).toBe(4);
    expect(now.list.services[0].rating).toBe(4);
  });

  it('a cancellation: the booking figures and the service count go back down', async () => {
    const second = (await book(t.app, customer, serviceId))._id;
    const before = await warm();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${second}`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    const now = await after();
    expect(now.bookingStats.totalBookings).toBe(before.bookingStats.totalBookings - 1);
    expect(now.bookingStats.pendingBookings).toBe(before.bookingStats.pendingBookings - 1);
    expect(now.platform.totalBookings).toBe(before.platform.totalBookings - 1);
    expect(now.service.bookings).toBe(before.service.bookings - 1);
  });

  it('a new service: the list, search, areas, categories and platform figures count it', async () => {
    const before = await warm();
    const added = await createService(t.app, provider, {
      serviceName: 'Zebratron Laptop Keyboard Fix',
      serviceArea: 'Khulna',
    });
    const now = await after();
    expect(now.list.total).toBe(before.list.total + 1);
    expect(now.search.map((s: { _id: string }) => s._id)).toContain(added._id);
    expect(areaCount(now, 'Khulna')).toBe(areaCount(before, 'Khulna') + 1);
    expect(categoryCount(now, 'laptop')).toBe(categoryCount(before, 'laptop') + 1);
    expect(now.platform.totalServices).toBe(before.platform.totalServices + 1);
  });

  it('a pause, then a delete: the service leaves the list, search, areas and categories at once', async () => {
    let before = await warm();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}`,
      headers: provider.auth,
      payload: { status: 'paused' },
    });
    expect(put.statusCode).toBe(200);
    let now = await figuresWithoutService();
    expect(now.list.total).toBe(before.list.total - 1);
    expect(now.list.services.map((s: { _id: string }) => s._id)).not.toContain(serviceId);
    expect(now.search.map((s: { _id: string }) => s._id)).not.toContain(serviceId);
    expect(areaCount(now, 'Khulna')).toBe(areaCount(before, 'Khulna') - 1);
    expect(categoryCount(now, 'laptop')).toBe(categoryCount(before, 'laptop') - 1);
    expect(now.platform.totalServices).toBe(before.platform.totalServices - 1);

    const other = now.list.services[0]._id as string;
    before = now;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/services/${other}`, headers: provider.auth })).statusCode,
    ).toBe(200);
    now = await figuresWithoutService();
    expect(now.list.total).toBe(before.list.total - 1);
    expect(now.search.map((s: { _id: string }) => s._id)).not.toContain(other);
    expect(areaCount(now, 'Khulna')).toBe(areaCount(before, 'Khulna') - 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${other}` })).statusCode).toBe(404);
  });

  /** The figures (warmed first, then read) once the test's own service is paused: its page answers 404. */
  async function figuresWithoutService(): Promise<Figures> {
    const page = await t.app.inject({ method: 'GET', url: PUBLIC_URLS.service() });
    expect(page.statusCode).toBe(404);
    const { service: _ignored, ...urls } = PUBLIC_URLS;
    const entries = await Promise.all(
      Object.entries(urls).map(
        async ([name, url]) => [name, (await t.app.inject({ method: 'GET', url })).json()] as const,
      ),
    );
    return Object.fromEntries(entries) as Figures;
  }
});

describe('with the session cache on, a change to a person shows at once', () => {
  const me = (auth: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth });

  it('a profile change: every session of the person answers the new name', async () => {
    const otherSession = await newUser(t.app, { displayName: 'Before Name' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: otherSession.idToken },
    });
    const second = { authorization: `Bearer ${(res.json() as { token: string }).token}` };
    expect((await me(otherSession.auth)).json().displayName).toBe('Before Name');
    expect((await me(second)).json().displayName).toBe('Before Name');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: otherSession.auth,
      payload: { displayName: 'After Name' },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(otherSession.auth)).json().displayName).toBe('After Name');
    expect((await me(second)).json().displayName).toBe('After Name');
  });

  it("a logout: the token answers 401 at once, the person's other session stays open", async () => {
    const user = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: user.idToken },
    });
    const second = { authorization: `Bearer ${(res.json() as { token: string }).token}` };
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })).statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a new person: the platform figures count them at once', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/stats' })).json();
    await newUser(t.app);
    const now = (await t.app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(now.totalUsers).toBe(before.totalUsers + 1);
  });
});
