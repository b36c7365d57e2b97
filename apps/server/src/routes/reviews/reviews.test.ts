import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import {
  book,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  serviceCounters,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let stranger: TestUser;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  [provider, customer, stranger] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim Uddin' }),
    newUser(t.app, { displayName: 'Karim Hossain' }),
    newUser(t.app, { displayName: 'Salma Begum' }),
  ]);
  serviceId = (await createService(t.app, provider, { serviceName: 'AC Gas Refill', serviceArea: 'Rajshahi' }))._id;
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const postReview = (user: TestUser | null, payload: unknown) =>
  inject({ method: 'POST', url: '/api/reviews', headers: user?.auth ?? {}, payload: payload as object });
const get = (url: string, user?: TestUser) => inject({ method: 'GET', url, headers: user?.auth ?? {} });
const completed = () => completedBooking(t.app, provider, customer, serviceId);
const reviewRows = (bookingId: string) => t.database.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));

describe('POST /api/reviews', () => {
  it('creates the review of a completed booking, with service, provider and customer from the booking and token', async () => {
    const service = await createService(t.app, provider, {
      serviceName: 'Washing Machine Motor Repair',
      serviceArea: 'Barisal',
    });
    const booking = await completedBooking(t.app, provider, customer, service._id);
    // The spec's client sends these too: accepted and ignored.
    const res = await postReview(customer, {
      ...reviewPayload(booking._id, {
        rating: 4,
        title: '  Quick and tidy  ',
        comment: '   The motor runs quietly again.   ',
      }),
      serviceId: randomUUID(),
      serviceName: 'Something Else',
      providerEmail: stranger.email,
      providerName: 'Somebody',
      customerEmail: stranger.email,
      customerName: 'Forged Name',
      reviewDate: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review).toMatchObject({
      bookingId: booking._id,
      serviceId: service._id,
      serviceName: 'Washing Machine Motor Repair',
      providerName: 'Rahim Uddin',
      providerEmail: provider.email,
      customerName: 'Karim Hossain',
      customerEmail: customer.email,
      customerLocation: 'Barisal',
      rating: 4,
      title: 'Quick and tidy',
      comment: 'The motor runs quietly again.',
    });
    expect(review.reviewDate).toBe(review.createdAt);
    expect(Date.now() - new Date(review.createdAt).getTime()).toBeLessThan(60_000);

    const rows = await reviewRows(booking._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: review._id,
      customerId: customer.id,
      providerId: provider.id,
      serviceId: service._id,
      rating: 4,
    });
    expect(await serviceCounters(t.database, service._id)).toMatchObject({
      reviewCount: 1,
      ratingTotal: 4,
      ratingAvg: 4,
    });
  });

  it('uses "Review for {service name}" as the default title, also for an empty one', async () => {
    const none = await postReview(customer, reviewPayload((await completed())._id));
    expect(none.statusCode).toBe(201);
    expect(none.json().title).toBe('Review for AC Gas Refill');
    const blank = await postReview(customer, reviewPayload((await completed())._id, { title: '   ' }));
    expect(blank.statusCode).toBe(201);
    expect(blank.json().title).toBe('Review for AC Gas Refill');
  });

  it('lets only the booking’s customer review it: provider and stranger 403, visitor 401', async () => {
    const booking = await completed();
    for (const user of [provider, stranger]) {
      const res = await postReview(user, reviewPayload(booking._id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only the customer of this booking can review it.' });
    }
    const visitor = await postReview(null, reviewPayload(booking._id));
    expect(visitor.statusCode).toBe(401);
    expect(await reviewRows(booking._id)).toEqual([]);
  });

  it('accepts reviews only of completed bookings: pending and working answer 409', async () => {
    const pending = await book(t.app, customer, serviceId);
    const working = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, working._id, 'working');
    for (const booking of [pending, working]) {
      const res = await postReview(customer, reviewPayload(booking._id));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'You can review a booking only after it is completed.' });
      expect(await reviewRows(booking._id)).toEqual([]);
    }
  });

  it('accepts one review per booking: the second answers 409 and changes nothing', async () => {
    const service = await createService(t.app, provider);
    const booking = await completedBooking(t.app, provider, customer, service._id);
    expect((await postReview(customer, reviewPayload(booking._id, { rating: 2 }))).statusCode).toBe(201);
    const again = await postReview(customer, reviewPayload(booking._id, { rating: 5 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You have already reviewed this booking.' });
    expect(await reviewRows(booking._id)).toHaveLength(1);
    expect(await serviceCounters(t.database, service._id)).toMatchObject({
      reviewCount: 1,
      ratingTotal: 2,
      ratingAvg: 2,
    });
  });

  it('answers 404 for an unknown or cancelled booking and 400 for a malformed bookingId', async () => {
    const unknown = await postReview(customer, reviewPayload(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Booking not found.' });

    const booking = await book(t.app, customer, serviceId);
    expect(
      (await inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: customer.auth })).statusCode,
    ).toBe(200);
    expect((await postReview(customer, reviewPayload(booking._id))).statusCode).toBe(404);

    const malformed = await postReview(customer, reviewPayload('12345'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/bookingId: must be a valid id/);
  });

  it('answers 400 for an unknown field', async () => {
    const res = await postReview(customer, { ...reviewPayload(randomUUID()), helpful: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/unknown field helpful/);
  });
});

describe('POST /api/reviews validation', () => {
  let bookingId: string;
  beforeAll(async () => {
    bookingId = (await completed())._id;
  });

  it.each([0, 6, 4.5, -1, 'five', true, null, '', [5]])('refuses the rating %j with 400', async (rating) => {
    const res = await postReview(customer, reviewPayload(bookingId, { rating }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/rating: Rating must be a whole number from 1 to 5/);
  });

  it('refuses a missing rating with 400', async () => {
    const { rating: _unused, ...payload } = reviewPayload(bookingId);
    const res = await postReview(customer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/rating/);
  });

  it.each([
    ['missing', undefined, 'Please write a review comment'],
    ['empty', '', 'Please write a review comment'],
    ['only spaces', '          ', 'Please write a review comment'],
    ['9 characters', 'Good work', 'Review comment must be at least 10 characters long'],
    ['9 characters padded with spaces', '   Good work   ', 'Review comment must be at least 10 characters long'],
    ['501 characters', 'a'.repeat(501), 'Review comment must be at most 500 characters long'],
  ])('refuses a comment that is %s with 400', async (_label, comment, message) => {
    const res = await postReview(customer, reviewPayload(bookingId, { comment }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.json().error).toMatch(/comment/);
  });

  it('refuses a title of 101 characters', async () => {
    const res = await postReview(customer, reviewPayload(bookingId, { title: 't'.repeat(101) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Review title must be at most 100 characters long');
    expect(await reviewRows(bookingId)).toEqual([]);
  });

  it('accepts the limits: 10 characters after trimming, 500 characters, a title of 100', async () => {
    const short = await postReview(customer, reviewPayload(bookingId, { comment: '  Great job!  ', rating: 1 }));
    expect(short.statusCode).toBe(201);
    expect(short.json()).toMatchObject({ comment: 'Great job!', rating: 1 });
    const long = await postReview(
      customer,
      reviewPayload((await completed())._id, { comment: 'b'.repeat(500), title: 'T'.repeat(100) }),
    );
    expect(long.statusCode).toBe(201);
    expect(long.json().comment).toHaveLength(500);
    expect(long.json().title).toHaveLength(100);
  });
});

describe('service rating', () => {
  it('averages the ratings and counts the reviews in the same change as the review', async () => {
    const service = await createService(t.app, provider, { serviceName: 'Fridge Compressor Repair' });
    const before = await get(`/api/services/${service._id}`);
    expect(before.json()).toMatchObject({ rating: null, reviewCount: 0 });
    const [a, b] = [
      await completedBooking(t.app, provider, customer, service._id),
      await completedBooking(t.app, provider, customer, service._id),
    ];
    expect((await postReview(customer, reviewPayload(a._id, { rating: 5 }))).statusCode).toBe(201);
    expect((await get(`/api/services/${service._id}`)).json()).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await postReview(customer, reviewPayload(b._id, { rating: 4 }))).statusCode).toBe(201);
    const after = await get(`/api/services/${service._id}`);
    expect(after.json()).toMatchObject({ rating: 4.5, reviewCount: 2, bookings: 2 });
    expect(await serviceCounters(t.database, service._id)).toEqual({
      bookingsCount: 2,
      reviewCount: 2,
      ratingTotal: 9,
      ratingAvg: 4.5,
    });
  });

  it('does not change the rating when a review is refused', async () => {
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    expect((await postReview(customer, reviewPayload(booking._id, { rating: 1 }))).statusCode).toBe(409);
    expect(await serviceCounters(t.database, service._id)).toMatchObject({
      reviewCount: 0,
      ratingTotal: 0,
      ratingAvg: null,
    });
  });
});

describe('GET /api/reviews/service/{id}, /api/reviews/user/{email}, /api/reviews/recent', () => {
  let listed: string;
  let reviewIds: string[];
  beforeAll(async () => {
    listed = (await createService(t.app, provider, { serviceName: 'TV Panel Repair' }))._id;
    reviewIds = [];
    for (const [user, rating] of [
      [customer, 3],
      [stranger, 5],
      [customer, 4],
    ] as const) {
      const booking = await completedBooking(t.app, provider, user, listed);
      const res = await postReview(
        user,
        reviewPayload(booking._id, { rating, comment: `Rated ${rating} out of five stars.` }),
      );
      expect(res.statusCode).toBe(201);
      reviewIds.push(res.json()._id);
    }
  });

  it('lists a service’s real reviews newest first, to anyone', async () => {
    const res = await get(`/api/reviews/service/${listed}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows.map((r) => r._id)).toEqual([...reviewIds].reverse());
    expect(rows.map((r) => r.rating)).toEqual([4, 5, 3]);
    // No e-mail address in a public answer, not even the start of one as a name.
    expect(JSON.stringify(rows)).not.toMatch(/@/);
    expect(rows.every((r) => !('customerEmail' in r) && !('providerEmail' in r))).toBe(true);
    const names = new Set(rows.map((r) => r.customerName));
    expect([...names].every((n) => n === 'Meramot customer' || !String(customer.email).startsWith(String(n)))).toBe(
      true,
    );
    const recent = (await get('/api/reviews/recent?limit=20')).json() as Array<Record<string, unknown>>;
    expect(recent.length).toBeGreaterThan(0);
    expect(JSON.stringify(recent)).not.toMatch(/@/);
    expect(rows.every((r) => r.serviceId === listed && r.serviceName === 'TV Panel Repair')).toBe(true);

    expect((await get(`/api/reviews/service/${randomUUID()}`)).json()).toEqual([]);
    expect((await get('/api/reviews/service/not-an-id')).statusCode).toBe(400);
  });

  it('lists only the caller’s own reviews by e-mail: 403 for another’s, 401 to a visitor, 400 for a non-e-mail', async () => {
    const own = await get(`/api/reviews/user/${stranger.email}`, stranger);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((r: { _id: string }) => r._id)).toEqual([reviewIds[1]]);

    const mine = (await get(`/api/reviews/user/${customer.email.toUpperCase()}`, customer)).json() as Array<{
      customerEmail: string;
    }>;
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.every((r) => r.customerEmail === customer.email)).toBe(true);
    const dbCount = await t.database.db.select().from(reviews).where(eq(reviews.customerId, customer.id));
    expect(mine).toHaveLength(dbCount.length);

    const other = await get(`/api/reviews/user/${customer.email}`, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'You can only see your own reviews.' });
    expect((await get(`/api/reviews/user/${customer.email}`)).statusCode).toBe(401);
    expect((await get('/api/reviews/user/nobody', customer)).statusCode).toBe(400);
  });

  it('answers the newest 4 reviews by default, ?limit=2, and 400 above 20 or below 1', async () => {
    const all = await t.database.db.select({ id: reviews.id }).from(reviews);
    expect(all.length).toBeGreaterThan(4);

    const recent = await get('/api/reviews/recent');
    expect(recent.statusCode).toBe(200);
    expect(recent.json()).toHaveLength(4);
    expect(
      recent
        .json()
        .slice(0, 3)
        .map((r: { _id: string }) => r._id),
    ).toEqual([...reviewIds].reverse());

    const two = await get('/api/reviews/recent?limit=2');
    expect(two.json().map((r: { _id: string }) => r._id)).toEqual([reviewIds[2], reviewIds[1]]);

    const twenty = await get('/api/reviews/recent?limit=20');
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json()).toHaveLength(Math.min(20, all.length));

    for (const limit of ['21', '0', 'many']) {
      const res = await get(`/api/reviews/recent?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/limit/);
    }
  });

  it('keeps reviews readable after the provider deletes the service', async () => {
    const del = await inject({ method: 'DELETE', url: `/api/services/${listed}`, headers: provider.auth });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/services/${listed}`)).statusCode).toBe(404);

    const rows = (await get(`/api/reviews/service/${listed}`)).json() as Array<{ _id: string }>;
    expect(rows.map((r) => r._id)).toEqual([...reviewIds].reverse());
    const recent = (await get('/api/reviews/recent?limit=3')).json() as Array<{ _id: string }>;
    expect(recent.map((r) => r._id)).toEqual([...reviewIds].reverse());
    const own = (await get(`/api/reviews/user/${stranger.email}`, stranger)).json() as Array<{ _id: string }>;
    expect(own.map((r) => r._id)).toEqual([reviewIds[1]]);
    // The booking history stays too, marked as belonging to a deleted service.
    const bookings = (await get('/api/bookings', stranger)).json() as Array<{
      serviceId: string;
      serviceDeleted: boolean;
      reviewed: boolean;
    }>;
    expect(bookings.filter((b) => b.serviceId === listed)).toEqual([
      expect.objectContaining({ serviceDeleted: true, reviewed: true }),
    ]);
  });
});

describe('GET /api/reviews/stats', () => {
  it('counts the reviews in the database, publicly', async () => {
    const res = await get('/api/reviews/stats');
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select({ rating: reviews.rating }).from(reviews);
    const mean = rows.reduce((s, r) => s + r.rating, 0) / rows.length;
    const positive = rows.filter((r) => r.rating >= 4).length / rows.length;
    expect(res.json()).toMatchObject({
      totalReviews: rows.length,
      averageRating: Math.round(mean * 10) / 10,
      positiveFeedbackPercentage: Math.round(positive * 1000) / 10,
    });
    expect(res.json().averageResponseMinutes).toBeGreaterThanOrEqual(0);
    expect(res.json().averageResponseTime).toMatch(/^\d+min$/);
  });
});

/** Who may make each call: a visitor gets 401, another signed-in user 403, the owner succeeds. */
interface AuthCase {
  call: string;
  owner: () => TestUser;
  other: () => TestUser;
  request: () => Promise<InjectOptions>;
  ok: number;
  forbidden: string;
}

const authCases: AuthCase[] = [
  {
    call: 'POST /api/reviews',
    owner: () => customer,
    other: () => stranger,
    request: async () => ({ method: 'POST', url: '/api/reviews', payload: reviewPayload((await completed())._id) }),
    ok: 201,
    forbidden: 'Only the customer of this booking can review it.',
  },
  {
    call: 'POST /api/reviews (by the booking’s provider)',
    owner: () => customer,
    other: () => provider,
    request: async () => ({ method: 'POST', url: '/api/reviews', payload: reviewPayload((await completed())._id) }),
    ok: 201,
    forbidden: 'Only the customer of this booking can review it.',
  },
  {
    call: 'GET /api/reviews/user/{email}',
    owner: () => customer,
    other: () => stranger,
    request: async () => ({ method: 'GET', url: `/api/reviews/user/${customer.email}` }),
    ok: 200,
    forbidden: 'You can only see your own reviews.',
  },
];

describe.each(authCases)('authorization: $call', ({ owner, other, request, ok, forbidden }) => {
  it('answers 401 to a visitor', async () => {
    const res = await inject(await request());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
  });

  it('answers 403 to another signed-in user', async () => {
    const res = await inject({ ...(await request()), headers: other().auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: forbidden });
  });

  it('succeeds for the owner', async () => {
    const res = await inject({ ...(await request()), headers: owner().auth });
    expect(res.statusCode).toBe(ok);
    if (ok === 201) expect(res.json().customerEmail).toBe(owner().email);
    else expect(res.json().length).toBeGreaterThan(0);
  });
});

describe('public review calls need no token', () => {
  it.each(['/api/reviews/recent', '/api/reviews/stats', `/api/reviews/service/${randomUUID()}`])(
    'GET %s answers 200 to a visitor',
    async (url) => {
      expect((await get(url)).statusCode).toBe(200);
    },
  );
});
