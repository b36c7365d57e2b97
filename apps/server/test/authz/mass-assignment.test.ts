import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import {
  book,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  servicePayload,
  tomorrow,
  type TestApp,
  type TestUser,
} from '../helpers';

/**
 * Mass assignment: every write, sent with fields a caller must not set (counts, rating, a booking's
 * status, provider, customer, timestamps, ids), one at a time. Each attempt is ignored or refused
 * with 400, and the stored row keeps the values the server decides.
 */
let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let stranger: TestUser;
let strangerService: string;
const FORGED_ID = '11111111-1111-4111-8111-111111111111';
const LONG_AGO = '2000-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  [provider, customer, stranger] = await Promise.all([newUser(t.app), newUser(t.app), newUser(t.app)]);
  strangerService = (await createService(t.app, stranger))._id;
});
let attempts = 0;
afterAll(async () => {
  console.log(`mass assignment: ${attempts} attempts on 10 writes`);
  await t.close();
});

const row = async (table: 'services' | 'bookings' | 'reviews' | 'users' | 'sessions', id: string) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM ${sql.identifier(table)} WHERE id = ${id}`,
    )
  )[0];
const recent = (v: unknown) => Date.now() - new Date(v as string).getTime() < 120_000;

/** The fields a caller must never set, with values that would matter if taken. */
function forged(): Record<string, unknown> {
  return {
    _id: FORGED_ID,
    id: FORGED_ID,
    bookings: 999,
    bookingsCount: 999,
    bookings_count: 999,
    rating: 1,
    ratingAvg: 1,
    ratingTotal: 999,
    reviewCount: 999,
    providerId: stranger.id,
    providerEmail: stranger.email,
    providerVerified: true,
    customerId: stranger.id,
    customerEmail: stranger.email,
    userEmail: stranger.email,
    serviceId: strangerService,
    status: 'completed',
    serviceStatus: 'completed',
    price: 1,
    servicePrice: 1,
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    bookedAt: LONG_AGO,
    startedAt: LONG_AGO,
    completedAt: LONG_AGO,
    cancelledAt: LONG_AGO,
    deletedAt: LONG_AGO,
    email: stranger.email,
    emailVerified: true,
    uid: stranger.uid,
    firebaseUid: stranger.uid,
    sessionId: FORGED_ID,
  };
}

type Attempt = (field: string, value: unknown) => Promise<string[]>;

/** Sends `build(field, value)` for every forged field and collects what went wrong. */
async function attemptAll(name: string, attempt: Attempt): Promise<number> {
  const problems: string[] = [];
  const fields = Object.entries(forged());
  attempts += fields.length;
  for (const [field, value] of fields)
    problems.push(...(await attempt(field, value)).map((p) => `${name} with ${field}: ${p}`));
  expect(problems).toEqual([]);
  return fields.length;
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, body: Record<string, unknown>) {
  // Raw JSON text, so that a `__proto__` key reaches the server as an own key.
  const payload = JSON.stringify(body).replace(/^\{/, `{"__proto__":{"admin":true},`).replace(/,}$/, '}');
  return t.app.inject({ method, url, headers: { ...user.auth, 'content-type': 'application/json' }, payload });
}
const statusProblem = (status: number, ok: number) => (status === ok || status === 400 ? [] : [`answered ${status}`]);

describe('mass assignment', () => {
  it('POST /api/services takes no counts, rating, provider, id or timestamps from the body', async () => {
    await attemptAll('POST /api/services', async (field, value) => {
      const res = await send('POST', '/api/services', provider, { ...servicePayload(), [field]: value });
      if (res.statusCode !== 201) return statusProblem(res.statusCode, 201);
      const r = (await row('services', res.json()._id))!;
      const out: string[] = [];
      if (r.id === FORGED_ID) out.push('took the id');
      if (r.bookings_count !== 0 || r.review_count !== 0 || Number(r.rating_total) !== 0) out.push('took a counter');
      if (r.provider_id !== provider.id) out.push('took the provider');
      if (!recent(r.created_at) || r.deleted_at !== null) out.push('took a timestamp');
      return out;
    });
  });

  it('PUT /api/services/{id} changes no counter, provider, id or timestamp', async () => {
    const service = await createService(t.app, provider);
    await completedBooking(t.app, provider, customer, service._id);
    const before = (await row('services', service._id))!;
    await attemptAll('PUT /api/services/{id}', async (field, value) => {
      const res = await send('PUT', `/api/services/${service._id}`, provider, {
        serviceName: 'Renamed Phone Repair',
        [field]: value,
      });
      const after = (await row('services', service._id))!;
      const out = statusProblem(res.statusCode, 200);
      for (const col of [
        'id',
        'bookings_count',
        'review_count',
        'rating_total',
        'provider_id',
        'created_at',
        'deleted_at',
      ]) {
        if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
      }
      return out;
    });
  });

  it('POST /api/bookings takes status, price, provider, customer, service name and timestamps from the server', async () => {
    const service = await createService(t.app, provider, { servicePrice: 2500 });
    await attemptAll('POST /api/bookings', async (field, value) => {
      const base = { serviceId: service._id, serviceTakingDate: tomorrow() };
      const res = await send('POST', '/api/bookings', customer, {
        ...base,
        [field]: field === 'serviceId' ? service._id : value,
      });
      if (res.statusCode !== 201) return statusProblem(res.statusCode, 201);
      const r = (await row('bookings', res.json()._id))!;
      const out: string[] = [];
      if (r.id === FORGED_ID) out.push('took the id');
      if (r.status !== 'pending' || r.started_at !== null || r.completed_at !== null || r.cancelled_at !== null)
        out.push('took a status');
      if (Number(r.price) !== 2500) out.push('took the price');
      if (r.provider_id !== provider.id || r.customer_id !== customer.id) out.push('took a person');
      if (!recent(r.booked_at)) out.push('took booked_at');
      // Cancel it again, so the pending bookings of this customer stay under any limit.
      await t.app.inject({ method: 'DELETE', url: `/api/bookings/${r.id}`, headers: customer.auth });
      return out;
    });
  });

  it('PUT /api/bookings/{id}/status changes only the status', async () => {
    await attemptAll('PUT /api/bookings/{id}/status', async (field, value) => {
      // A service per attempt: a refused attempt leaves its booking pending, and pending bookings are limited.
      const service = await createService(t.app, provider);
      const booking = await book(t.app, customer, service._id);
      const before = (await row('bookings', booking._id))!;
      const body =
        field === 'status' || field === 'serviceStatus'
          ? { [field]: 'working' }
          : { status: 'working', [field]: value };
      const res = await send('PUT', `/api/bookings/${booking._id}/status`, provider, body);
      const after = (await row('bookings', booking._id))!;
      const out = statusProblem(res.statusCode, 200);
      for (const col of [
        'id',
        'price',
        'customer_id',
        'provider_id',
        'service_id',
        'booked_at',
        'completed_at',
        'cancelled_at',
      ]) {
        if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
      }
      if (res.statusCode === 200 && after.status !== 'working') out.push(`status is ${after.status}`);
      await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: customer.auth });
      return out;
    });
  });

  it('POST /api/reviews takes the service, people and date from the booking', async () => {
    const service = await createService(t.app, provider);
    const strangerBefore = (await row('services', strangerService))!;
    await attemptAll('POST /api/reviews', async (field, value) => {
      const booking = await completedBooking(t.app, provider, customer, service._id);
      const res = await send('POST', '/api/reviews', customer, {
        bookingId: booking._id,
        rating: 4,
        comment: 'Repaired well and on time.',
        [field]: field === 'rating' ? 4 : value,
      });
      if (res.statusCode !== 201) return statusProblem(res.statusCode, 201);
      const r = (await row('reviews', res.json()._id))!;
      const out: string[] = [];
      if (r.id === FORGED_ID) out.push('took the id');
      if (r.service_id !== service._id || r.customer_id !== customer.id || r.provider_id !== provider.id)
        out.push('took a person or service');
      if (!recent(r.created_at)) out.push('took created_at');
      return out;
    });
    const strangerAfter = (await row('services', strangerService))!;
    expect([strangerAfter.review_count, strangerAfter.rating_total]).toEqual([
      strangerBefore.review_count,
      strangerBefore.rating_total,
    ]);
  });

  it('PUT /api/users/me changes no e-mail, verified flag, uid, id or dates', async () => {
    const before = (await row('users', customer.id))!;
    await attemptAll('PUT /api/users/me', async (field, value) => {
      const res = await send('PUT', '/api/users/me', customer, { displayName: 'Ayesha Rahman', [field]: value });
      const after = (await row('users', customer.id))!;
      const out = statusProblem(res.statusCode, 200);
      for (const col of ['id', 'email', 'email_verified', 'firebase_uid', 'created_at']) {
        if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
      }
      return out;
    });
  });

  it('POST /api/auth/firebase-login takes the person only from the verified token', async () => {
    const before = (await row('users', customer.id))!;
    await attemptAll('POST /api/auth/firebase-login', async (field, value) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/firebase-login',
        payload: { idToken: customer.idToken, [field]: value },
      });
      const after = (await row('users', customer.id))!;
      const out = statusProblem(res.statusCode, 200);
      if (res.statusCode === 200 && res.json().user.id !== customer.id) out.push('signed in as someone else');
      for (const col of ['id', 'email', 'email_verified', 'firebase_uid', 'created_at']) {
        if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
      }
      return out;
    });
  });

  it('DELETE /api/services/{id}, DELETE /api/bookings/{id} and POST /api/auth/logout act only on their own target', async () => {
    const [other, buyer] = await Promise.all([newUser(t.app), newUser(t.app)]);
    const otherSession = (
      await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM sessions WHERE user_id = ${other.id}`)
    )[0]!.id;
    await attemptAll('DELETE and logout', async (field, value) => {
      const out: string[] = [];
      const service = await createService(t.app, provider);
      const del = await send('DELETE', `/api/services/${service._id}`, provider, { [field]: value });
      out.push(...statusProblem(del.statusCode, 200));
      const s = (await row('services', service._id))!;
      if (s.provider_id !== provider.id || s.bookings_count !== 0) out.push('service delete changed a field');
      const booking = await book(t.app, buyer, (await createService(t.app, stranger))._id);
      const cancel = await send('DELETE', `/api/bookings/${booking._id}`, buyer, { [field]: value });
      out.push(...statusProblem(cancel.statusCode, 200));
      const b = (await row('bookings', booking._id))!;
      if (b.status !== 'pending' || b.customer_id !== buyer.id) out.push('cancel changed a field');
      if (cancel.statusCode !== 200)
        await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: buyer.auth });
      const extra = await newUser(t.app);
      const logout = await send('POST', '/api/auth/logout', extra, {
        [field]: field === 'sessionId' ? otherSession : value,
      });
      out.push(...statusProblem(logout.statusCode, 200));
      const still = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: other.auth });
      if (still.statusCode !== 200) out.push("logout ended another person's session");
      return out;
    });
  }, 120_000);
});
