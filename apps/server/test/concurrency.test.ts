import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, reviews } from '../src/db/schema';
import {
  book,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  serviceCounters,
  tomorrow,
  type TestApp,
  type TestUser,
} from './helpers';

/**
 * Simultaneous requests. On PostgreSQL (TEST_DATABASE_URL) they run in parallel on a pool of
 * connections; on PGlite they serialize. The database must end consistent either way.
 */
let t: TestApp;
let provider: TestUser;
let customers: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all(Array.from({ length: 11 }, (_, i) => newUser(t.app, { displayName: `Person ${i}` })));
  provider = users[0]!;
  customers = users.slice(1);
});
afterAll(() => t?.close());

const liveBookings = (serviceId: string) =>
  t.database.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.serviceId, serviceId), isNull(bookings.cancelledAt)));

describe('concurrency', () => {
  it('two simultaneous reviews of one booking leave exactly one review and review_count 1', async () => {
    const customer = customers[0]!;
    const service = await createService(t.app, provider);
    const booking = await completedBooking(t.app, provider, customer, service._id);
    const answers = await Promise.all(
      [5, 3].map((rating) =>
        t.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers: customer.auth,
          payload: reviewPayload(booking._id, { rating }),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking._id));
    expect(rows).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 201)!.json();
    expect(rows[0]!.id).toBe(winner._id);
    expect(await serviceCounters(t.database, service._id)).toMatchObject({
      reviewCount: 1,
      ratingTotal: winner.rating,
      ratingAvg: winner.rating,
    });
  });

  it('ten simultaneous bookings by ten customers keep bookings_count equal to the rows (10)', async () => {
    const service = await createService(t.app, provider);
    const answers = await Promise.all(
      customers.map((customer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: customer.auth,
          payload: { serviceId: service._id, serviceTakingDate: tomorrow() },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json().customerEmail))).toEqual(new Set(customers.map((c) => c.email)));
    expect(await liveBookings(service._id)).toHaveLength(10);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(10);
  });

  it('ten simultaneous reviews of ten bookings of one service add up: review_count 10, the exact rating total', async () => {
    const service = await createService(t.app, provider);
    const done = await Promise.all(customers.map((c) => completedBooking(t.app, provider, c, service._id)));
    const ratings = customers.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(
      customers.map((customer, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers: customer.auth,
          payload: reviewPayload(done[i]!._id, { rating: ratings[i] }),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const total = ratings.reduce((a, b) => a + b, 0);
    expect(await serviceCounters(t.database, service._id)).toEqual({
      bookingsCount: 10,
      reviewCount: 10,
      ratingTotal: total,
      ratingAvg: total / 10,
    });
  });

  it('ten simultaneous POSTs with one Idempotency-Key by one customer create exactly one booking', async () => {
    const customer = customers[1]!;
    const service = await createService(t.app, provider);
    const key = `double-click-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { ...customer.auth, 'idempotency-key': key },
          payload: { serviceId: service._id, serviceTakingDate: tomorrow() },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(new Set(answers.map((r) => r.json()._id)).size).toBe(1);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.serviceId, service._id));
    expect(rows).toEqual([{ id: answers[0]!.json()._id }]);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(1);
  });

  it('simultaneous cancel and start-work on one pending booking: cancelled or working, never both', async () => {
    const service = await createService(t.app, provider);
    // Several pairs at once, to give the race more chances to interleave.
    const pairs = await Promise.all(
      customers.slice(0, 6).map(async (customer) => ({ customer, id: (await book(t.app, customer, service._id))._id })),
    );
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(6);

    const outcomes = await Promise.all(
      pairs.map(async ({ customer, id }) => {
        const [cancel, start] = await Promise.all([
          t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: customer.auth }),
          t.app.inject({
            method: 'PUT',
            url: `/api/bookings/${id}/status`,
            headers: provider.auth,
            payload: { status: 'working', serviceStatus: 'working' },
          }),
        ]);
        return { id, cancel, start };
      }),
    );

    let cancelled = 0;
    for (const { id, cancel, start } of outcomes) {
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      if (cancel.statusCode === 200) {
        cancelled += 1;
        expect(start.statusCode).toBe(409);
        expect(start.json()).toEqual({ error: 'This booking was cancelled; it can no longer be changed.' });
        expect(row).toMatchObject({ status: 'pending', startedAt: null });
        expect(row!.cancelledAt).toBeInstanceOf(Date);
      } else {
        expect(start.statusCode).toBe(200);
        expect(start.json().status).toBe('working');
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json().error).toMatch(/Only a pending booking can be cancelled/);
        expect(row).toMatchObject({ status: 'working', cancelledAt: null });
      }
    }
    const live = await liveBookings(service._id);
    expect(live).toHaveLength(6 - cancelled);
    expect(live.every((r) => r.status === 'working')).toBe(true);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(6 - cancelled);
  });
});
