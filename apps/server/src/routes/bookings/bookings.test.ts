import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dhakaDate } from '@meramot/shared';
import { bookings } from '../../db/schema';
import {
  book,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  serviceCounters,
  setStatus,
  tomorrow,
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
});
afterAll(() => t?.close());
// A fresh service for every test: a customer may hold only a few pending bookings of one service
// (that limit has its own tests in test/person-lists.test.ts).
beforeEach(async () => {
  serviceId = (await createService(t.app, provider, { serviceArea: 'Sylhet', servicePrice: 2500 }))._id;
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/bookings', headers: { ...user?.auth, ...headers }, payload: payload as object });
const list = async (user: TestUser, url = '/api/bookings') => {
  const res = await inject({ method: 'GET', url, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};
const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => r._id);
const bookingRow = async (id: string) => {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
};
const putStatus = (user: TestUser | null, id: string, payload: unknown) =>
  inject({ method: 'PUT', url: `/api/bookings/${id}/status`, headers: user?.auth ?? {}, payload: payload as object });
const cancel = (user: TestUser | null, id: string) =>
  inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: user?.auth ?? {} });

describe('POST /api/bookings', () => {
  it('answers 201 with provider, price, name and image from the service row, whatever the body says', async () => {
    const service = await createService(t.app, provider, {
      serviceName: 'Laptop Keyboard Replacement',
      servicePrice: 3200,
      serviceImage: 'https://example.com/keyboard.webp',
      serviceArea: 'Khulna',
    });
    const before = await serviceCounters(t.database, service._id);
    // The spec's client sends its own copies of these fields: accepted, ignored.
    const res = await post(customer, {
      serviceId: service._id,
      serviceName: 'Free Repair',
      serviceImage: 'https://evil.example.com/x.png',
      providerEmail: stranger.email,
      providerName: 'Somebody Else',
      userEmail: stranger.email,
      userName: 'Forged Name',
      price: 1,
      serviceTakingDate: tomorrow(),
      specialInstruction: '  Ring the bell twice.  ',
      serviceStatus: 'pending',
      status: 'pending',
      bookedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      serviceId: service._id,
      serviceName: 'Laptop Keyboard Replacement',
      serviceImage: 'https://example.com/keyboard.webp',
      price: 3200,
      servicePrice: 3200,
      providerName: 'Rahim Uddin',
      providerEmail: provider.email,
      serviceArea: 'Khulna',
      status: 'pending',
      serviceStatus: 'pending',
      serviceTakingDate: tomorrow(),
      specialInstruction: 'Ring the bell twice.',
      userName: 'Karim Hossain',
      customerName: 'Karim Hossain',
      userEmail: customer.email,
      customerEmail: customer.email,
      completedAt: null,
      reviewed: false,
    });
    expect(booking._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - new Date(booking.bookedAt).getTime()).toBeLessThan(60_000);

    const row = await bookingRow(booking._id);
    expect(row).toMatchObject({ customerId: customer.id, providerId: provider.id, price: 3200, status: 'pending' });
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(before.bookingsCount + 1);
    const shown = await inject({ method: 'GET', url: `/api/services/${service._id}` });
    expect(shown.json().bookings).toBe(before.bookingsCount + 1);
  });

  it('answers 400 naming an unknown field', async () => {
    const res = await post(customer, { serviceId, serviceTakingDate: tomorrow(), discount: 90 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/unknown field discount/);
  });

  it('answers 400 naming serviceTakingDate when it is missing', async () => {
    const res = await post(customer, { serviceId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/serviceTakingDate/);
    expect(res.json().error).toMatch(/Please select a service date\./);
  });

  it.each(['2025-02-30', 'tomorrow', '2030-13-01', '12/05/2030', ''])(
    'answers 400 for the invalid date %j',
    async (date) => {
      const res = await post(customer, { serviceId, serviceTakingDate: date });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/serviceTakingDate/);
    },
  );

  it('accepts today and up to 365 days ahead in Asia/Dhaka; refuses yesterday and day 366', async () => {
    const today = dhakaDate();
    const before = await serviceCounters(t.database, serviceId);

    const yesterday = await post(customer, { serviceId, serviceTakingDate: addDays(today, -1) });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().error).toBe('The service date must be today or later (Asia/Dhaka time).');

    const tooFar = await post(customer, { serviceId, serviceTakingDate: addDays(today, 366) });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error).toBe('The service date must be within the next 365 days.');

    const onToday = await post(customer, { serviceId, serviceTakingDate: today });
    expect(onToday.statusCode).toBe(201);
    expect(onToday.json().serviceTakingDate).toBe(today);

    const lastDay = await post(customer, { serviceId, serviceTakingDate: addDays(today, 365) });
    expect(lastDay.statusCode).toBe(201);

    expect((await serviceCounters(t.database, serviceId)).bookingsCount).toBe(before.bookingsCount + 2);
  });

  it('refuses the provider booking their own service with exactly the spec message', async () => {
    const before = await serviceCounters(t.database, serviceId);
    const res = await post(provider, { serviceId, serviceTakingDate: tomorrow() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You cannot book your own service.' });
    expect((await serviceCounters(t.database, serviceId)).bookingsCount).toBe(before.bookingsCount);
  });

  it('answers 409 for a paused service, and books it again once it is active', async () => {
    const service = await createService(t.app, provider);
    const pause = await inject({
      method: 'PUT',
      url: `/api/services/${service._id}`,
      headers: provider.auth,
      payload: { status: 'paused' },
    });
    expect(pause.statusCode).toBe(200);
    const res = await post(customer, { serviceId: service._id, serviceTakingDate: tomorrow() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/paused/);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(0);

    await inject({
      method: 'PUT',
      url: `/api/services/${service._id}`,
      headers: provider.auth,
      payload: { status: 'active' },
    });
    expect((await post(customer, { serviceId: service._id, serviceTakingDate: tomorrow() })).statusCode).toBe(201);
  });

  it('answers 404 for a deleted or unknown service and 400 for a malformed id', async () => {
    const service = await createService(t.app, provider);
    const del = await inject({ method: 'DELETE', url: `/api/services/${service._id}`, headers: provider.auth });
    expect(del.statusCode).toBe(200);
    const deleted = await post(customer, { serviceId: service._id, serviceTakingDate: tomorrow() });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ error: 'Service not found.' });

    const unknown = await post(customer, { serviceId: randomUUID(), serviceTakingDate: tomorrow() });
    expect(unknown.statusCode).toBe(404);

    const malformed = await post(customer, { serviceId: 'not-an-id', serviceTakingDate: tomorrow() });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/serviceId: must be a valid id/);
  });

  it('answers 401 to a visitor and to a bad token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
      const res = await post(null, { serviceId, serviceTakingDate: tomorrow() }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('refuses a body that tries to create the booking in another status, and an over-long instruction', async () => {
    const completed = await post(customer, { serviceId, serviceTakingDate: tomorrow(), serviceStatus: 'completed' });
    expect(completed.statusCode).toBe(400);
    expect(completed.json().error).toMatch(/serviceStatus/);
    const long = await post(customer, {
      serviceId,
      serviceTakingDate: tomorrow(),
      specialInstruction: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/specialInstruction: must be at most 1000 characters/);
  });
});

describe('POST /api/bookings with an Idempotency-Key', () => {
  it('creates one booking for a repeated request: the second answer is 200 with the same booking', async () => {
    const service = await createService(t.app, provider);
    const key = `retry-${randomUUID()}`;
    const payload = { serviceId: service._id, serviceTakingDate: tomorrow() };
    const first = await post(customer, payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const second = await post(customer, { ...payload, specialInstruction: 'sent again' }, { 'idempotency-key': key });
    expect(second.statusCode).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    expect(second.json().specialInstruction).toBe('');

    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(1);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.serviceId, service._id));
    expect(rows).toEqual([{ id: first.json()._id }]);
  });

  it('answers 409 when the same key is sent for another service', async () => {
    const [a, b] = [await createService(t.app, provider), await createService(t.app, provider)];
    const key = `retry-${randomUUID()}`;
    expect(
      (await post(customer, { serviceId: a._id, serviceTakingDate: tomorrow() }, { 'idempotency-key': key }))
        .statusCode,
    ).toBe(201);
    const other = await post(customer, { serviceId: b._id, serviceTakingDate: tomorrow() }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatch(/Idempotency-Key/);
    expect((await serviceCounters(t.database, b._id)).bookingsCount).toBe(0);
  });

  it('lets different users use the same key independently', async () => {
    const service = await createService(t.app, provider);
    const key = `shared-${randomUUID()}`;
    const payload = { serviceId: service._id, serviceTakingDate: tomorrow() };
    const mine = await post(customer, payload, { 'idempotency-key': key });
    const theirs = await post(stranger, payload, { 'idempotency-key': key });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(mine.json()._id).not.toBe(theirs.json()._id);
    expect(theirs.json().customerEmail).toBe(stranger.email);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(2);
  });

  it('answers 400 for a key shorter than 8 characters', async () => {
    const res = await post(customer, { serviceId, serviceTakingDate: tomorrow() }, { 'idempotency-key': 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/idempotency-key: must be 8 to 200 characters/);
  });
});

describe('GET /api/bookings, /api/bookings/user/{email}, /api/bookings/provider/{email}', () => {
  let mine: string;
  let theirs: string;
  let otherService: string;
  let mineService: string;
  beforeAll(async () => {
    mineService = serviceId;
    mine = (await book(t.app, customer, serviceId))._id;
    theirs = (await book(t.app, stranger, serviceId))._id;
    // A service of the customer's, booked by the stranger: it is a request the customer received.
    otherService = (await createService(t.app, customer, { providerName: 'Karim Hossain' }))._id;
    await book(t.app, stranger, otherService);
  });

  it('GET /api/bookings answers only the caller’s own bookings as a customer, newest first', async () => {
    const rows = await list(customer);
    expect(ids(rows)).toContain(mine);
    expect(ids(rows)).not.toContain(theirs);
    expect(rows.every((r) => r.customerEmail === customer.email)).toBe(true);
    const times = rows.map((r) => new Date(r.bookedAt as string).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const strangers = await list(stranger);
    expect(ids(strangers)).toContain(theirs);
    expect(ids(strangers)).not.toContain(mine);
    // The provider booked nothing: requests received are not their bookings.
    expect(await list(provider)).toEqual([]);
  });

  it('GET /api/bookings/user/{email} answers the caller’s own list, in any letter case', async () => {
    const byEmail = await list(customer, `/api/bookings/user/${customer.email}`);
    expect(byEmail).toEqual(await list(customer));
    const upper = await list(customer, `/api/bookings/user/${customer.email.toUpperCase()}`);
    expect(ids(upper)).toEqual(ids(byEmail));
  });

  it('GET /api/bookings/user/{email} answers 403 for another’s e-mail, 401 to a visitor, 400 for a non-e-mail', async () => {
    const other = await inject({ method: 'GET', url: `/api/bookings/user/${stranger.email}`, headers: customer.auth });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'You can only see your own bookings.' });
    const visitor = await inject({ method: 'GET', url: `/api/bookings/user/${customer.email}` });
    expect(visitor.statusCode).toBe(401);
    const notEmail = await inject({ method: 'GET', url: '/api/bookings/user/not-an-email', headers: customer.auth });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().error).toMatch(/must be an e-mail address/);
  });

  it('GET /api/bookings/provider/{email} answers the requests the provider received, and 403 for others', async () => {
    const received = await list(provider, `/api/bookings/provider/${provider.email}`);
    expect(ids(received)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(received.every((r) => r.providerEmail === provider.email)).toBe(true);

    const customersRequests = await list(customer, `/api/bookings/provider/${customer.email}`);
    expect(customersRequests.map((r) => r.serviceId)).toEqual([otherService]);
    expect(customersRequests[0]!.customerEmail).toBe(stranger.email);

    const other = await inject({
      method: 'GET',
      url: `/api/bookings/provider/${provider.email}`,
      headers: customer.auth,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'You can only see your own booking requests.' });
    const visitor = await inject({ method: 'GET', url: `/api/bookings/provider/${provider.email}` });
    expect(visitor.statusCode).toBe(401);
    const notEmail = await inject({ method: 'GET', url: '/api/bookings/provider/42', headers: provider.auth });
    expect(notEmail.statusCode).toBe(400);
  });

  it('reads with the spec’s field names and defaults, and shows the provider’s phone once it is set', async () => {
    const [booking] = (await list(customer)).filter((r) => r._id === mine);
    expect(booking).toMatchObject({
      _id: mine,
      serviceId: mineService,
      providerPhone: 'Not provided',
      // Issue 20: no invented duration; the provider did not say how long the job takes.
      estimatedTime: '',
      serviceArea: 'Sylhet',
      price: 2500,
      servicePrice: 2500,
      status: 'pending',
      serviceStatus: 'pending',
      userName: 'Karim Hossain',
      customerName: 'Karim Hossain',
      userEmail: customer.email,
      customerEmail: customer.email,
      specialInstruction: 'Please call before coming.',
      customerNotes: 'Please call before coming.',
      serviceTakingDate: tomorrow(),
      reviewed: false,
      serviceDeleted: false,
    });

    const phone = await inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: provider.auth,
      payload: { displayName: 'Rahim Uddin', phone: '01712345678' },
    });
    expect(phone.statusCode).toBe(200);
    const [again] = (await list(provider, `/api/bookings/provider/${provider.email}`)).filter((r) => r._id === mine);
    expect(again!.providerPhone).toBe(phone.json().phone);
    expect(again!.providerPhone).toMatch(/1712345678$/);
  });

  it('marks a booking reviewed once its customer reviews it', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    await setStatus(t.app, provider, id, 'completed');
    expect((await list(customer)).find((r) => r._id === id)!.reviewed).toBe(false);
    const review = await inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.auth,
      payload: reviewPayload(id),
    });
    expect(review.statusCode).toBe(201);
    expect((await list(customer)).find((r) => r._id === id)!.reviewed).toBe(true);
    expect((await list(provider, `/api/bookings/provider/${provider.email}`)).find((r) => r._id === id)!.reviewed).toBe(
      true,
    );
  });
});

describe('PUT /api/bookings/{id}/status', () => {
  it('moves pending → working → completed, setting startedAt and then completedAt', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    const working = await putStatus(provider, id, { status: 'working', serviceStatus: 'working' });
    expect(working.statusCode).toBe(200);
    expect(working.json()).toMatchObject({ _id: id, status: 'working', serviceStatus: 'working', completedAt: null });
    expect(working.json().startedAt).not.toBeNull();

    const completed = await putStatus(provider, id, { status: 'completed', serviceStatus: 'completed' });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'completed',
      serviceStatus: 'completed',
      startedAt: working.json().startedAt,
    });
    expect(Date.now() - new Date(completed.json().completedAt).getTime()).toBeLessThan(60_000);

    // Both lists show the change.
    expect((await list(customer)).find((r) => r._id === id)!.status).toBe('completed');
    expect(
      (await list(provider, `/api/bookings/provider/${provider.email}`)).find((r) => r._id === id)!.serviceStatus,
    ).toBe('completed');
  });

  it('lets only the provider change it: customer and stranger 403, visitor 401, and nothing changes', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    for (const user of [customer, stranger]) {
      const res = await putStatus(user, id, { status: 'working', serviceStatus: 'working' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only the provider of this service can change the booking status.' });
    }
    const visitor = await putStatus(null, id, { status: 'working', serviceStatus: 'working' });
    expect(visitor.statusCode).toBe(401);
    expect((await bookingRow(id))!.status).toBe('pending');
  });

  it('accepts status alone or serviceStatus alone; refuses a mismatch, an invalid value and an empty body', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    const alone = await putStatus(provider, id, { status: 'working' });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().status).toBe('working');
    const other = await putStatus(provider, id, { serviceStatus: 'working' });
    expect(other.statusCode).toBe(200);
    expect(other.json().status).toBe('working');

    const mismatch = await putStatus(provider, id, { status: 'working', serviceStatus: 'completed' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatch(/status and serviceStatus must be the same/);
    const invalid = await putStatus(provider, id, { status: 'done', serviceStatus: 'done' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatch(/must be one of pending, working, completed/);
    const empty = await putStatus(provider, id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/status is required/);
    const extra = await putStatus(provider, id, { status: 'working', completedAt: '2020-01-01' });
    expect(extra.statusCode).toBe(400);
    expect((await bookingRow(id))!.status).toBe('working');
  });

  it('moves the status forward only: working back to pending is refused, so the customer cannot cancel a started job', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    expect((await putStatus(provider, id, { status: 'working' })).json().status).toBe('working');
    const back = await putStatus(provider, id, { status: 'pending', serviceStatus: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      error: "This booking is working; a booking's status only moves forward (pending, then working, then completed).",
    });
    expect((await bookingRow(id))!.status).toBe('working');
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: customer.auth });
    expect(cancel.statusCode).toBe(409);
  });

  it('lets the to-do dropdown skip ahead (pending to completed), and completed is final', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    const done = await putStatus(provider, id, { status: 'completed', serviceStatus: 'completed' });
    expect(done.statusCode).toBe(200);

    for (const status of ['working', 'pending']) {
      const res = await putStatus(provider, id, { status, serviceStatus: status });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/completed booking is final/);
    }
    const same = await putStatus(provider, id, { status: 'completed', serviceStatus: 'completed' });
    expect(same.statusCode).toBe(200);
    expect(same.json().completedAt).toBe(done.json().completedAt);
    const row = await bookingRow(id);
    expect(row!.status).toBe('completed');
    expect(row!.completedAt!.toISOString()).toBe(done.json().completedAt);
  });

  it('answers 404 for an unknown booking, 409 for a cancelled one and 400 for a malformed id', async () => {
    const unknown = await putStatus(provider, randomUUID(), { status: 'working' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Booking not found.' });

    const id = (await book(t.app, customer, serviceId))._id;
    expect((await cancel(customer, id)).statusCode).toBe(200);
    const cancelled = await putStatus(provider, id, { status: 'working' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ error: 'This booking was cancelled; it can no longer be changed.' });
    expect((await bookingRow(id))!.status).toBe('pending');

    const malformed = await putStatus(provider, 'abc', { status: 'working' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/bookings/{id} (customer cancel)', () => {
  it('cancels a pending booking: it leaves both lists, stays in the database, and the count goes down', async () => {
    const service = await createService(t.app, provider);
    const id = (await book(t.app, customer, service._id))._id;
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(1);

    const res = await cancel(customer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Booking cancelled.', _id: id });

    expect(ids(await list(customer))).not.toContain(id);
    expect(ids(await list(customer, `/api/bookings/user/${customer.email}`))).not.toContain(id);
    expect(ids(await list(provider, `/api/bookings/provider/${provider.email}`))).not.toContain(id);
    // Kept for both: in the ended lists (issue 20).
    expect(ids(await list(customer, '/api/bookings?state=ended'))).toContain(id);
    expect(ids(await list(provider, `/api/bookings/provider/${provider.email}?state=ended`))).toContain(id);
    const row = await bookingRow(id);
    expect(row).toBeDefined();
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    expect(row!.status).toBe('pending');
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(0);

    const twice = await cancel(customer, id);
    expect(twice.statusCode).toBe(409);
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(0);
  });

  it('lets only the customer cancel: provider and stranger 403, visitor 401', async () => {
    const id = (await book(t.app, customer, serviceId))._id;
    for (const user of [provider, stranger]) {
      const res = await cancel(user, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only the customer who made this booking can cancel it.' });
    }
    expect((await cancel(null, id)).statusCode).toBe(401);
    expect((await bookingRow(id))!.cancelledAt).toBeNull();
  });

  it('refuses to cancel once the provider has started (409) or completed it', async () => {
    const service = await createService(t.app, provider);
    const working = (await book(t.app, customer, service._id))._id;
    await setStatus(t.app, provider, working, 'working');
    const res = await cancel(customer, working);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Only a pending booking can be cancelled/);
    const completed = (await book(t.app, customer, service._id))._id;
    await setStatus(t.app, provider, completed, 'completed');
    expect((await cancel(customer, completed)).statusCode).toBe(409);

    expect(ids(await list(customer))).toEqual(expect.arrayContaining([working, completed]));
    expect((await bookingRow(working))!.cancelledAt).toBeNull();
    expect((await serviceCounters(t.database, service._id)).bookingsCount).toBe(2);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    expect((await cancel(customer, randomUUID())).statusCode).toBe(404);
    expect((await cancel(customer, 'nope')).statusCode).toBe(400);
  });
});

describe('GET /api/bookings/stats', () => {
  it('counts live bookings from the database, publicly', async () => {
    const res = await inject({ method: 'GET', url: '/api/bookings/stats' });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(bookings);
    const live = rows.filter((r) => r.cancelledAt === null);
    expect(res.json()).toEqual({
      totalBookings: live.length,
      completedJobs: live.filter((r) => r.status === 'completed').length,
      pendingBookings: live.filter((r) => r.status === 'pending').length,
      workingBookings: live.filter((r) => r.status === 'working').length,
      totalCustomers: new Set(live.map((r) => r.customerId)).size,
    });
    expect(res.json().totalBookings).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(rows.length);
  });
});

/**
 * Who may make each call: a visitor gets 401, another signed-in user 403 (or, for GET /api/bookings,
 * only their own list), the owner succeeds. `request` makes a fresh booking where the call needs one,
 * so every caller meets the same starting state.
 */
interface AuthCase {
  call: string;
  owner: () => TestUser;
  /** The signed-in user who is refused. */
  other: () => TestUser;
  request: () => Promise<InjectOptions>;
  ok: number;
  /** The 403 message, or null when another user is answered their own (different) data. */
  forbidden: string | null;
}

const authCases: AuthCase[] = [
  {
    call: 'GET /api/bookings',
    owner: () => customer,
    other: () => stranger,
    request: async () => ({ method: 'GET', url: '/api/bookings' }),
    ok: 200,
    forbidden: null,
  },
  {
    call: 'POST /api/bookings',
    owner: () => customer,
    // Nobody books their own service: the refused signed-in user is the service's provider.
    other: () => provider,
    request: async () => ({
      method: 'POST',
      url: '/api/bookings',
      payload: { serviceId, serviceTakingDate: tomorrow() },
    }),
    ok: 201,
    forbidden: 'You cannot book your own service.',
  },
  {
    call: 'GET /api/bookings/user/{email}',
    owner: () => customer,
    other: () => stranger,
    request: async () => ({ method: 'GET', url: `/api/bookings/user/${customer.email}` }),
    ok: 200,
    forbidden: 'You can only see your own bookings.',
  },
  {
    call: 'GET /api/bookings/provider/{email}',
    owner: () => provider,
    other: () => customer,
    request: async () => ({ method: 'GET', url: `/api/bookings/provider/${provider.email}` }),
    ok: 200,
    forbidden: 'You can only see your own booking requests.',
  },
  {
    call: 'PUT /api/bookings/{id}/status',
    owner: () => provider,
    other: () => stranger,
    request: async () => {
      const id = (await book(t.app, customer, serviceId))._id;
      return {
        method: 'PUT',
        url: `/api/bookings/${id}/status`,
        payload: { status: 'working', serviceStatus: 'working' },
      };
    },
    ok: 200,
    forbidden: 'Only the provider of this service can change the booking status.',
  },
  {
    call: 'DELETE /api/bookings/{id}',
    owner: () => customer,
    other: () => stranger,
    request: async () => {
      const id = (await book(t.app, customer, serviceId))._id;
      return { method: 'DELETE', url: `/api/bookings/${id}` };
    },
    ok: 200,
    forbidden: 'Only the customer who made this booking can cancel it.',
  },
];

describe.each(authCases)('authorization: $call', ({ owner, other, request, ok, forbidden }) => {
  it('answers 401 to a visitor', async () => {
    const res = await inject(await request());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
  });

  it('refuses another signed-in user', async () => {
    const res = await inject({ ...(await request()), headers: other().auth });
    if (forbidden === null) {
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<{ customerEmail: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.customerEmail === other().email)).toBe(true);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: forbidden });
    }
  });

  it('succeeds for the owner', async () => {
    const res = await inject({ ...(await request()), headers: owner().auth });
    expect(res.statusCode).toBe(ok);
    if (res.statusCode === 200 && Array.isArray(res.json())) {
      expect(res.json().length).toBeGreaterThan(0);
    }
  });
});
