import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bn, bookingFlowMessages, dhakaDate, en, type Booking } from '@meramot/shared';
import { queryRows } from '../../db/client';
import {
  book,
  createService,
  createTestApp,
  newUser,
  setStatus,
  tomorrow,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

/**
 * Issue 20 on the server: accept, decline, expiry, the time window and the place, the contact
 * details shown only once accepted, and the ended bookings' list.
 */
let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let stranger: TestUser;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp({ BOOKING_EXPIRY_SWEEP_MS: '3600000' });
  [provider, customer, stranger] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim Uddin' }),
    newUser(t.app, { displayName: 'Karim Hossain' }),
    newUser(t.app, { displayName: 'Someone Else' }),
  ]);
  serviceId = (await createService(t.app, provider, { serviceName: 'AC Servicing' }))._id;
  const phone = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: provider.auth,
    payload: { displayName: 'Rahim Uddin', phone: '01711222333' },
  });
  expect(phone.statusCode).toBe(200);
});
afterAll(() => t?.close());

const post = (user: TestUser, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload === undefined ? {} : { payload }) });

/** A service of its own (a customer may hold 3 pending bookings of one service). */
const freshService = async () => (await createService(t.app, provider, { serviceName: 'AC Servicing' }))._id as string;

/** A booking at the customer's place, a few days ahead in the evening. */
async function homeBooking(): Promise<Booking> {
  const res = await post(customer, '/api/bookings', {
    serviceId: await freshService(),
    serviceTakingDate: addDays(dhakaDate(), 3),
    window: 'evening',
    location: 'customer',
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    customerPhone: '017 1555-6666',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function asProvider(bookingId: string): Promise<Booking> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bookings/provider/${encodeURIComponent(provider.email)}?limit=100`,
    headers: provider.auth,
  });
  return (res.json() as Booking[]).find((b) => b._id === bookingId)!;
}

async function list(user: TestUser, state?: 'ended'): Promise<Booking[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bookings?limit=100${state ? `&state=${state}` : ''}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function notificationKinds(user: TestUser, bookingId: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    t.database.db,
    sql`SELECT kind FROM notifications WHERE user_id = ${user.id} AND booking_id = ${bookingId} ORDER BY id`,
  );
  return rows.map((r) => r.kind);
}

describe('accept', () => {
  it('shares the phones and the address only once the provider accepts, and tells the customer', async () => {
    const booking = await homeBooking();
    expect(booking).toMatchObject({
      state: 'pending',
      status: 'pending',
      location: 'customer',
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      customerPhone: '01715556666',
      contactShared: false,
      providerPhone: 'Not provided',
      window: { name: 'evening', from: '16:00', to: '21:00', date: addDays(dhakaDate(), 3) },
    });
    expect(Date.parse(booking.expiresAt!) - Date.parse(booking.bookedAt)).toBeCloseTo(48 * 3_600_000, -4);
    const before = await asProvider(booking._id);
    expect(before).toMatchObject({ state: 'pending', address: null, customerPhone: null, contactShared: false });

    const accepted = await post(provider, `/api/bookings/${booking._id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'accepted',
      status: 'pending',
      contactShared: true,
      customerPhone: '01715556666',
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      expiresAt: null,
    });
    const seen = (await list(customer)).find((b) => b._id === booking._id)!;
    expect(seen).toMatchObject({ state: 'accepted', providerPhone: '01711222333', contactShared: true });
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_accepted']);

    const again = await post(provider, `/api/bookings/${booking._id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already accepted/);
  });

  it('lets only the provider accept (403 for the customer and a stranger, 404 for no booking)', async () => {
    const booking = await homeBooking();
    expect((await post(customer, `/api/bookings/${booking._id}/accept`)).statusCode).toBe(403);
    expect((await post(stranger, `/api/bookings/${booking._id}/accept`)).statusCode).toBe(403);
    expect((await post(provider, `/api/bookings/00000000-0000-4000-8000-000000000000/accept`)).statusCode).toBe(404);
    // A stranger never sees the contact details: the booking is in nobody else's list.
    expect((await list(stranger)).some((b) => b._id === booking._id)).toBe(false);
  });

  it('leaves one of two accepts sent at once (409 for the other)', async () => {
    const booking = await homeBooking();
    const answers = await Promise.all([
      post(provider, `/api/bookings/${booking._id}/accept`),
      post(provider, `/api/bookings/${booking._id}/accept`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_accepted']);
  });

  it('counts a pending booking started by a spec client as accepted', async () => {
    const booking = await book(t.app, customer, await freshService());
    const started = await setStatus(t.app, provider, booking._id, 'working');
    expect(started).toMatchObject({ state: 'working', status: 'working', contactShared: true });
    expect(started.acceptedAt).not.toBeNull();
  });
});

describe('decline', () => {
  it('ends the booking with the reason, moves it to the ended list on both sides and tells the customer', async () => {
    const booking = await homeBooking();
    const empty = await post(provider, `/api/bookings/${booking._id}/decline`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(bookingFlowMessages.declineReasonRequired);
    const tooLong = await post(provider, `/api/bookings/${booking._id}/decline`, { reason: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect((await post(customer, `/api/bookings/${booking._id}/decline`, { reason: 'No' })).statusCode).toBe(403);

    const declined = await post(provider, `/api/bookings/${booking._id}/decline`, {
      reason: 'I am away until next week.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      state: 'declined',
      declineReason: 'I am away until next week.',
      contactShared: false,
      customerPhone: null,
    });
    expect((await list(customer)).some((b) => b._id === booking._id)).toBe(false);
    const ended = (await list(customer, 'ended')).find((b) => b._id === booking._id);
    expect(ended).toMatchObject({ state: 'declined', declineReason: 'I am away until next week.' });
    expect(ended!.endedAt).not.toBeNull();
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_declined']);

    // A declined booking is final: no accept, no start, no cancel.
    expect((await post(provider, `/api/bookings/${booking._id}/accept`)).statusCode).toBe(409);
    const start = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking._id}/status`,
      headers: provider.auth,
      payload: { status: 'working' },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toMatch(/declined/);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${booking._id}`,
      headers: customer.auth,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('answers the decline reason in Bangla for a Bangla caller', async () => {
    const booking = await homeBooking();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking._id}/decline`,
      headers: { ...provider.auth, 'accept-language': 'bn' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(bn.declineReasonRequired);
  });
});

describe('cancel', () => {
  it('keeps a cancelled booking in the ended list of both parties', async () => {
    const booking = await homeBooking();
    await post(provider, `/api/bookings/${booking._id}/accept`);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${booking._id}`,
      headers: customer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await list(customer, 'ended')).find((b) => b._id === booking._id)).toMatchObject({ state: 'cancelled' });
    const providerEnded = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/provider/${encodeURIComponent(provider.email)}?state=ended&limit=100`,
      headers: provider.auth,
    });
    expect((providerEnded.json() as Booking[]).find((b) => b._id === booking._id)).toMatchObject({
      state: 'cancelled',
    });
  });
});

describe('expiry', () => {
  it('shows an unanswered booking as expired once due, and the sweep marks it and tells the customer once', async () => {
    const booking = await homeBooking();
    await t.database.db.execute(
      sql`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = ${booking._id}`,
    );
    // Expired before any sweep: out of the active list, in the ended one.
    expect((await list(customer)).some((b) => b._id === booking._id)).toBe(false);
    expect((await list(customer, 'ended')).find((b) => b._id === booking._id)).toMatchObject({ state: 'expired' });
    expect((await post(provider, `/api/bookings/${booking._id}/accept`)).statusCode).toBe(409);

    expect(await t.app.expireBookings()).toBeGreaterThanOrEqual(1);
    expect(await t.app.expireBookings()).toBe(0);
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_expired']);
    const [row] = await queryRows<{ expired: boolean }>(
      t.database.db,
      sql`SELECT expired_at IS NOT NULL AS expired FROM bookings WHERE id = ${booking._id}`,
    );
    expect(row!.expired).toBe(true);
  });

  it('never expires an accepted booking', async () => {
    const booking = await homeBooking();
    await post(provider, `/api/bookings/${booking._id}/accept`);
    await t.database.db.execute(
      sql`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = ${booking._id}`,
    );
    await t.app.expireBookings();
    expect((await list(customer)).find((b) => b._id === booking._id)).toMatchObject({ state: 'accepted' });
  });
});

describe('the window and the place', () => {
  const bookWith = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...customer.auth, ...headers },
      payload: { serviceId, serviceTakingDate: addDays(dhakaDate(), 3), ...payload },
    });
    // Cancelled at once, so the limit of pending bookings of one service never answers first.
    if (res.statusCode === 201) {
      await t.app.inject({ method: 'DELETE', url: `/api/bookings/${res.json()._id}`, headers: customer.auth });
    }
    return res;
  };

  it('keeps the spec client working: a date only books the whole day at the shop', async () => {
    const res = await bookWith({ serviceTakingDate: tomorrow() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'pending', window: null, location: 'shop', address: null });
  });

  it('refuses a window outside the hours, in the past, or too soon, with a clear sentence', async () => {
    await t.database.db.execute(
      sql`UPDATE services SET weekly_hours = ${JSON.stringify([{ day: 2, from: '10:00', to: '14:00' }])}::jsonb WHERE id = ${serviceId}`,
    );
    try {
      // The next Tuesday at least three days ahead: morning (10-12) is offered, evening is not.
      let tuesday = addDays(dhakaDate(), 3);
      while (new Date(`${tuesday}T00:00:00Z`).getUTCDay() !== 2) tuesday = addDays(tuesday, 1);
      const evening = await bookWith({ serviceTakingDate: tuesday, window: 'evening' });
      expect(evening.statusCode).toBe(400);
      expect(evening.json().error).toBe(bookingFlowMessages.windowOutsideHours);
      const morning = await bookWith({ serviceTakingDate: tuesday, window: 'morning' });
      expect(morning.statusCode, morning.body).toBe(201);
      expect(morning.json().window).toMatchObject({ name: 'morning', from: '10:00', to: '12:00' });
      const wednesday = await bookWith({ serviceTakingDate: addDays(tuesday, 1), window: 'morning' });
      expect(wednesday.statusCode).toBe(400);
    } finally {
      await t.database.db.execute(sql`UPDATE services SET weekly_hours = NULL WHERE id = ${serviceId}`);
    }
    const today = await bookWith({ serviceTakingDate: dhakaDate(), window: 'morning' });
    // Morning today in Dhaka is past or too soon whatever the hour this runs at, unless it is before 07:00.
    const dhakaHour = (new Date().getUTCHours() + 6) % 24;
    if (dhakaHour >= 9) {
      expect(today.statusCode).toBe(400);
      expect(today.json().error).toBe(bookingFlowMessages.windowPast);
    } else if (dhakaHour >= 7) {
      expect(today.json().error).toBe(bookingFlowMessages.windowTooSoon);
    }
    const bangla = await bookWith(
      { serviceTakingDate: addDays(dhakaDate(), 3), window: 'night' },
      { 'accept-language': 'bn' },
    );
    expect(bangla.statusCode).toBe(400);
    expect(bangla.json().error).toContain(bn.windowRequired);
  });

  it('asks an address and a Bangladeshi mobile number for work at the customer’s place', async () => {
    const noAddress = await bookWith({ window: 'evening', location: 'customer', customerPhone: '01712345678' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error).toBe(bookingFlowMessages.addressRequired);
    const noPhone = await bookWith({ window: 'evening', location: 'customer', address: 'Mirpur 10' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error).toBe(bookingFlowMessages.phoneRequired);
    const badPhone = await bookWith({ location: 'customer', address: 'Mirpur 10', customerPhone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error).toContain(en.invalidPhone);
    const longAddress = await bookWith({
      location: 'customer',
      address: 'x'.repeat(301),
      customerPhone: '01712345678',
    });
    expect(longAddress.statusCode).toBe(400);
    expect(longAddress.json().error).toContain(bookingFlowMessages.addressTooLong);

    await t.database.db.execute(sql`UPDATE services SET work_location = 'shop' WHERE id = ${serviceId}`);
    try {
      const home = await bookWith({ location: 'customer', address: 'Mirpur 10', customerPhone: '01712345678' });
      expect(home.statusCode).toBe(400);
      expect(home.json().error).toBe(bookingFlowMessages.locationNotOffered);
    } finally {
      await t.database.db.execute(sql`UPDATE services SET work_location = 'either' WHERE id = ${serviceId}`);
    }
  });
});

describe('another time', () => {
  const propose = (user: TestUser, id: string, date: string, window: string) =>
    post(user, `/api/bookings/${id}/proposals`, { serviceTakingDate: date, window });

  it('provider proposes, the customer accepts: the booking takes the time, is accepted and keeps its history', async () => {
    const booking = await homeBooking();
    const day = addDays(dhakaDate(), 4);
    const proposed = await propose(provider, booking._id, day, 'morning');
    expect(proposed.statusCode, proposed.body).toBe(201);
    const open = proposed.json() as Booking;
    expect(open.proposals).toHaveLength(1);
    expect(open.proposals[0]).toMatchObject({ by: 'provider', status: 'open', window: { name: 'morning', date: day } });
    expect(open).toMatchObject({ state: 'pending', expiresAt: null });
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_proposed']);

    // Only the other party answers.
    const own = await post(provider, `/api/bookings/${booking._id}/proposals/${open.proposals[0]!.id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(
      (await post(stranger, `/api/bookings/${booking._id}/proposals/${open.proposals[0]!.id}/accept`)).statusCode,
    ).toBe(403);

    const accepted = await post(customer, `/api/bookings/${booking._id}/proposals/${open.proposals[0]!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'accepted',
      serviceTakingDate: day,
      window: { name: 'morning', date: day, from: '09:00', to: '12:00' },
      proposals: [{ by: 'provider', status: 'accepted' }],
      contactShared: true,
    });
    expect(await notificationKinds(provider, booking._id)).toEqual(['booking_requested', 'proposal_accepted']);
    const twice = await post(customer, `/api/bookings/${booking._id}/proposals/${open.proposals[0]!.id}/accept`);
    expect(twice.statusCode).toBe(409);
  });

  it('customer proposes twice (the newer replaces the older), the provider declines: the time stays', async () => {
    const booking = await homeBooking();
    await post(provider, `/api/bookings/${booking._id}/accept`);
    const first = await propose(customer, booking._id, addDays(dhakaDate(), 5), 'afternoon');
    expect(first.statusCode).toBe(201);
    const second = await propose(customer, booking._id, addDays(dhakaDate(), 6), 'evening');
    const proposals = (second.json() as Booking).proposals;
    expect(proposals.map((p) => p.status)).toEqual(['superseded', 'open']);
    const stale = await post(provider, `/api/bookings/${booking._id}/proposals/${proposals[0]!.id}/accept`);
    expect(stale.statusCode).toBe(409);
    const declined = await post(provider, `/api/bookings/${booking._id}/proposals/${proposals[1]!.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      state: 'accepted',
      window: booking.window,
      serviceTakingDate: booking.serviceTakingDate,
      proposals: [{ status: 'superseded' }, { status: 'declined' }],
    });
    expect(await notificationKinds(customer, booking._id)).toEqual(['booking_accepted', 'proposal_declined']);
  });

  it('refuses a time outside the rules, a stranger, and a booking that started or ended; closes an open one at the end', async () => {
    const booking = await homeBooking();
    const past = await propose(provider, booking._id, dhakaDate(), 'morning');
    const dhakaHour = (new Date().getUTCHours() + 6) % 24;
    if (dhakaHour >= 7) expect(past.statusCode).toBe(400);
    const yesterday = await propose(provider, booking._id, addDays(dhakaDate(), -1), 'evening');
    expect(yesterday.statusCode).toBe(400);
    expect((await propose(stranger, booking._id, addDays(dhakaDate(), 4), 'morning')).statusCode).toBe(403);
    const badWindow = await post(provider, `/api/bookings/${booking._id}/proposals`, {
      serviceTakingDate: addDays(dhakaDate(), 4),
      window: 'midnight',
    });
    expect(badWindow.statusCode).toBe(400);
    const unknown = await post(customer, `/api/bookings/${booking._id}/proposals/999999/accept`);
    expect(unknown.statusCode).toBe(404);

    expect((await propose(provider, booking._id, addDays(dhakaDate(), 4), 'morning')).statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${booking._id}`,
      headers: customer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    const ended = (await list(customer, 'ended')).find((b) => b._id === booking._id)!;
    // Before 09:00 in Dhaka less 2 h of notice (before 07:00), this morning was still a valid time:
    // that proposal stands and the later one supersedes it.
    const earlier = past.statusCode === 201 ? ['superseded'] : [];
    expect(ended.proposals.map((p) => p.status)).toEqual([...earlier, 'closed']);
    expect((await propose(provider, booking._id, addDays(dhakaDate(), 4), 'morning')).statusCode).toBe(409);

    const started = await homeBooking();
    await setStatus(t.app, provider, started._id, 'working');
    const late = await propose(customer, started._id, addDays(dhakaDate(), 4), 'morning');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(en.alreadyStartedNoNewTime);
  });
});

describe('the service’s booking terms', () => {
  it('lets the provider set hours, duration, place and shop address, shown on the service page and its bookings', async () => {
    const id = await freshService();
    const put = (payload: Record<string, unknown>, user = provider) =>
      t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: user.auth, payload });
    const badHours = await put({ weeklyHours: [{ day: 1, from: '18:00', to: '09:00' }] });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().error).toContain(bookingFlowMessages.hoursInvalid);
    expect((await put({ jobMinutes: 5 })).statusCode).toBe(400);
    expect((await put({ workLocation: 'moon' })).statusCode).toBe(400);
    expect((await put({ jobMinutes: 90 }, stranger)).statusCode).toBe(403);

    const set = await put({
      weeklyHours: [
        { day: 6, from: '10:00', to: '19:00' },
        { day: 0, from: '10:00', to: '19:00' },
      ],
      jobMinutes: 90,
      workLocation: 'shop',
      shopAddress: 'Shop 4, Multiplan Center, Elephant Road, Dhaka',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().bookingTerms).toEqual({
      weeklyHours: [
        { day: 0, from: '10:00', to: '19:00' },
        { day: 6, from: '10:00', to: '19:00' },
      ],
      defaultHours: false,
      jobMinutes: 90,
      workLocation: 'shop',
      shopAddress: 'Shop 4, Multiplan Center, Elephant Road, Dhaka',
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/services/${id}`, headers: customer.auth });
    expect(page.json().bookingTerms).toMatchObject({ jobMinutes: 90, workLocation: 'shop' });
    // The provider's own list carries them (Manage Services); the public list does not.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/services/provider/${encodeURIComponent(provider.email)}?limit=100`,
      headers: provider.auth,
    });
    expect(
      (own.json() as { _id: string; bookingTerms?: unknown }[]).find((x) => x._id === id)?.bookingTerms,
    ).toMatchObject({
      jobMinutes: 90,
    });
    const publicList = await t.app.inject({ method: 'GET', url: '/api/services?limit=5' });
    expect((publicList.json() as { services: Record<string, unknown>[] }).services[0]).not.toHaveProperty(
      'bookingTerms',
    );

    // The next Sunday at least three days ahead: the evening is cut to 16:00-19:00.
    let sunday = addDays(dhakaDate(), 3);
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const booked = await post(customer, '/api/bookings', {
      serviceId: id,
      serviceTakingDate: sunday,
      window: 'evening',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      window: { from: '16:00', to: '19:00' },
      location: 'shop',
      shopAddress: 'Shop 4, Multiplan Center, Elephant Road, Dhaka',
      jobMinutes: 90,
      estimatedTime: '90 minutes',
    });
    const monday = await post(customer, '/api/bookings', {
      serviceId: id,
      serviceTakingDate: addDays(sunday, 1),
      window: 'morning',
    });
    expect(monday.statusCode).toBe(400);
    expect(monday.json().error).toBe(bookingFlowMessages.windowOutsideHours);
  });
});

describe('the review on the booking', () => {
  it('is read on the booking by both parties and edited by its customer for 7 days, the rating moving with it', async () => {
    const serviceId = await freshService();
    const booking = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, booking._id, 'completed');
    const written = await post(customer, '/api/reviews', {
      bookingId: booking._id,
      rating: 3,
      comment: 'Fixed, but came late.',
    });
    expect(written.statusCode).toBe(201);
    const id = written.json()._id as string;
    const onBooking = (await list(customer)).find((b) => b._id === booking._id)!;
    expect(onBooking.review).toMatchObject({ id, rating: 3, comment: 'Fixed, but came late.', editedAt: null });
    expect(Date.parse(onBooking.review!.editableUntil) - Date.parse(onBooking.review!.createdAt)).toBe(7 * 86_400_000);
    expect((await asProvider(booking._id)).review).toMatchObject({ id, rating: 3 });

    const edit = (user: TestUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/reviews/${id}`, headers: user.auth, payload });
    expect((await edit(provider, { rating: 5, comment: 'I am the provider.' })).statusCode).toBe(403);
    expect((await edit(stranger, { rating: 5, comment: 'Not my review at all.' })).statusCode).toBe(403);
    expect((await edit(customer, { rating: 0, comment: 'Zero stars is not a rating.' })).statusCode).toBe(400);
    const edited = await edit(customer, { rating: 5, comment: 'They called to say why: traffic. Great repair.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 5, comment: 'They called to say why: traffic. Great repair.' });
    const service = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}`, headers: customer.auth });
    expect(service.json()).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await list(customer)).find((b) => b._id === booking._id)!.review!.editedAt).not.toBeNull();

    await t.database.db.execute(sql`UPDATE reviews SET created_at = now() - interval '8 days' WHERE id = ${id}`);
    const late = await edit(customer, { rating: 1, comment: 'Changing my mind much later.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(en.reviewEditClosed);
  });
});
