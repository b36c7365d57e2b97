import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import {
  book,
  createService,
  createTestApp,
  newUser,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const platform = () => get('/api/stats');
const bookingStats = () => get('/api/bookings/stats');
const reviewStats = () => get('/api/reviews/stats');

/** Moves a booking's booked_at back in time, so its provider answered `minutes` after it was made. */
async function bookedMinutesAgo(bookingId: string, minutes: number) {
  await t.database.db
    .update(bookings)
    .set({ bookedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(bookings.id, bookingId));
}

async function review(customer: TestUser, bookingId: string, rating: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: customer.auth,
    payload: { bookingId, rating, comment: 'The repair was done and explained clearly.' },
  });
  expect(res.statusCode).toBe(201);
}

describe('GET /api/stats, /api/bookings/stats and /api/reviews/stats, counted from the database', () => {
  let p1: TestUser, p2: TestUser, p3: TestUser, c1: TestUser, c2: TestUser, c3: TestUser;
  const s = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'G', string>;
  const b = {} as Record<'b1' | 'b2' | 'b3' | 'b4' | 'b5' | 'b6', string>;

  it('start from zeros and nulls on an empty database', async () => {
    expect(await platform()).toEqual({
      totalServices: 0,
      totalProviders: 0,
      totalAreas: 0,
      totalBookings: 0,
      completedJobs: 0,
      totalCustomers: 0,
      totalUsers: 0,
      totalReviews: 0,
      averageRating: null,
    });
    expect(await bookingStats()).toEqual({
      completedJobs: 0,
      totalCustomers: 0,
      totalBookings: 0,
      pendingBookings: 0,
      workingBookings: 0,
    });
    expect(await reviewStats()).toEqual({
      totalReviews: 0,
      averageRating: null,
      averageResponseMinutes: null,
      averageResponseTime: null,
      positiveFeedbackPercentage: null,
    });
  });

  it('count only active, undeleted services, their providers and areas', async () => {
    [p1, p2, p3, c1, c2, c3] = await Promise.all([
      newUser(t.app),
      newUser(t.app),
      newUser(t.app),
      newUser(t.app),
      newUser(t.app),
      newUser(t.app),
    ]);
    s.A = (await createService(t.app, p1, { serviceName: 'Laptop repair', serviceArea: 'Dhaka' }))._id;
    s.B = (await createService(t.app, p1, { serviceName: 'Phone repair', serviceArea: 'Sylhet' }))._id;
    s.C = (await createService(t.app, p1, { serviceName: 'Paused repair', serviceArea: 'Dhaka' }))._id;
    s.D = (await createService(t.app, p1, { serviceName: 'Deleted repair', serviceArea: 'Rajshahi' }))._id;
    s.E = (await createService(t.app, p2, { serviceName: 'TV repair', serviceArea: 'Khulna' }))._id;
    // p3's only service is paused: p3 is not counted as a provider.
    s.G = (await createService(t.app, p3, { serviceName: 'Radio repair', serviceArea: 'Barisal' }))._id;
    for (const [owner, id] of [
      [p1, s.C],
      [p3, s.G],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/services/${id}`,
        headers: owner.auth,
        payload: { status: 'paused' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${s.D}`, headers: p1.auth })).statusCode).toBe(
      200,
    );

    expect(await platform()).toEqual({
      totalServices: 3,
      totalProviders: 2,
      totalAreas: 3,
      totalBookings: 0,
      completedJobs: 0,
      totalCustomers: 0,
      totalUsers: 6,
      totalReviews: 0,
      averageRating: null,
    });
  });

  it('count bookings and distinct customers, leaving cancelled bookings out; no response time before a status change', async () => {
    b.b1 = (await book(t.app, c1, s.A))._id;
    b.b2 = (await book(t.app, c1, s.E))._id;
    b.b3 = (await book(t.app, c2, s.A))._id;
    b.b4 = (await book(t.app, c2, s.E))._id;
    b.b5 = (await book(t.app, c2, s.B))._id;
    // c3's only booking is cancelled: c3 is not counted as a customer.
    b.b6 = (await book(t.app, c3, s.B))._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b.b6}`, headers: c3.auth })).statusCode).toBe(
      200,
    );

    expect(await bookingStats()).toEqual({
      completedJobs: 0,
      totalCustomers: 2,
      totalBookings: 5,
      pendingBookings: 5,
      workingBookings: 0,
    });
    expect(await platform()).toMatchObject({ totalBookings: 5, completedJobs: 0, totalCustomers: 2 });
    expect(await reviewStats()).toMatchObject({ averageResponseMinutes: null, averageResponseTime: null });
  });

  it('follow status changes by the provider, and measure the response time from booking to first change', async () => {
    // As if each booking had waited a while for its provider: 10, 20, 30 and 40 minutes.
    await bookedMinutesAgo(b.b1, 10);
    await bookedMinutesAgo(b.b2, 20);
    await bookedMinutesAgo(b.b3, 30);
    await bookedMinutesAgo(b.b4, 40);

    await setStatus(t.app, p1, b.b1, 'working');
    const first = await reviewStats();
    expect(first.averageResponseMinutes).toBeGreaterThan(0);
    expect(first.averageResponseMinutes).toBeCloseTo(10, 0);
    expect(first.averageResponseTime).toBe('10min');

    await setStatus(t.app, p1, b.b1, 'completed');
    await setStatus(t.app, p2, b.b2, 'completed');
    await setStatus(t.app, p1, b.b3, 'completed');
    await setStatus(t.app, p2, b.b4, 'working');

    expect(await bookingStats()).toEqual({
      completedJobs: 3,
      totalCustomers: 2,
      totalBookings: 5,
      pendingBookings: 1,
      workingBookings: 1,
    });
    // (10 + 20 + 30 + 40) / 4; the second change of b1 does not move its response time.
    const stats = await reviewStats();
    expect(stats.averageResponseMinutes).toBeCloseTo(25, 0);
    expect(stats.averageResponseTime).toBe('25min');
    expect(await platform()).toMatchObject({ completedJobs: 3, totalBookings: 5 });
  });

  it('average the reviews and count the positive ones (rated 4 or 5)', async () => {
    await review(c1, b.b1, 5);
    expect(await reviewStats()).toMatchObject({ totalReviews: 1, averageRating: 5, positiveFeedbackPercentage: 100 });

    await review(c1, b.b2, 2);
    await review(c2, b.b3, 4);
    // (5 + 2 + 4) / 3 = 3.67 and 2 of 3 positive, both to one decimal.
    expect(await reviewStats()).toMatchObject({
      totalReviews: 3,
      averageRating: 3.7,
      positiveFeedbackPercentage: 66.7,
    });
    expect(await platform()).toEqual({
      totalServices: 3,
      totalProviders: 2,
      totalAreas: 3,
      totalBookings: 5,
      completedJobs: 3,
      totalCustomers: 2,
      totalUsers: 6,
      totalReviews: 3,
      averageRating: 3.7,
    });
  });

  it('keep the history of a deleted service: its jobs and reviews still count, the service no longer does', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${s.A}`, headers: p1.auth })).statusCode).toBe(
      200,
    );
    expect(await platform()).toEqual({
      totalServices: 2,
      totalProviders: 2,
      totalAreas: 2,
      totalBookings: 5,
      completedJobs: 3,
      totalCustomers: 2,
      totalUsers: 6,
      totalReviews: 3,
      averageRating: 3.7,
    });
    expect(await bookingStats()).toMatchObject({ completedJobs: 3, totalCustomers: 2 });
    expect(await reviewStats()).toMatchObject({ totalReviews: 3, averageRating: 3.7 });
  });
});
