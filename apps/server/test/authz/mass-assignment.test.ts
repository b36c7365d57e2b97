import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@meramot/shared';
import {
  book,
  completedBooking,
  createService,
  createTestApp,
  idTokenWithPhone,
  newUser,
  servicePayload,
  tomorrow,
  type TestApp,
  type TestUser,
} from '../helpers';

/**
 * Mass assignment: every write, sent with fields a caller must not set (counts, rating, a booking's
 * status, provider, customer, timestamps, ids, a message's author and "seen", an SMS number), one at
 * a time. Each attempt is ignored or refused (400, or 403 for another person's e-mail), and the
 * stored row keeps the values the server decides. A `__proto__` key is refused on its own.
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
const writes = new Set<string>();
afterAll(async () => {
  console.log(`mass assignment: ${attempts} attempts on ${writes.size} writes`);
  await t.close();
});

const row = async (
  table: 'services' | 'bookings' | 'reviews' | 'users' | 'sessions' | 'booking_messages',
  id: string | number,
) =>
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

/** A service's provider name and photo are its provider's profile's: a body's are validated, never taken. */
const FORGED_PROVIDER_PROFILE = { providerName: 'Forged Provider', providerImage: 'https://evil.example.com/x.png' };

type Attempt = (field: string, value: unknown) => Promise<string[]>;

/** Sends `build(field, value)` for every forged field and collects what went wrong. */
async function attemptAll(name: string, attempt: Attempt, extra: Record<string, unknown> = {}): Promise<number> {
  const problems: string[] = [];
  const fields = Object.entries({ ...forged(), ...extra });
  for (const write of name.split(', ')) writes.add(write);
  attempts += fields.length;
  for (const [field, value] of fields)
    problems.push(...(await attempt(field, value)).map((p) => `${name} with ${field}: ${p}`));
  expect(problems).toEqual([]);
  return fields.length;
}

async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
/** The answer of an attempt: taken (`ok`, then the stored row is checked) or refused (400; 403 for another person's e-mail). */
const statusProblem = (status: number, ok: number) =>
  status === ok || status === 400 || status === 403 ? [] : [`answered ${status}`];

describe('mass assignment', () => {
  it('POST /api/services takes no counts, rating, provider, id or timestamps from the body', async () => {
    // The provider has no display name: their services show the part of their e-mail before the @.
    const profileName = provider.email.split('@')[0];
    await attemptAll(
      'POST /api/services',
      async (field, value) => {
        const res = await send('POST', '/api/services', provider, { ...servicePayload(), [field]: value });
        if (res.statusCode !== 201) return statusProblem(res.statusCode, 201);
        const r = (await row('services', res.json()._id))!;
        const out: string[] = [];
        if (r.id === FORGED_ID) out.push('took the id');
        if (r.bookings_count !== 0 || r.review_count !== 0 || Number(r.rating_total) !== 0) out.push('took a counter');
        if (r.provider_id !== provider.id) out.push('took the provider');
        if (r.provider_name !== profileName || r.provider_image !== null) out.push("took the provider's name or photo");
        if (!recent(r.created_at) || r.deleted_at !== null) out.push('took a timestamp');
        return out;
      },
      FORGED_PROVIDER_PROFILE,
    );
  });

  it('PUT /api/services/{id} changes no counter, provider, id or timestamp', async () => {
    const service = await createService(t.app, provider);
    await completedBooking(t.app, provider, customer, service._id);
    const before = (await row('services', service._id))!;
    await attemptAll(
      'PUT /api/services/{id}',
      async (field, value) => {
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
          'provider_name',
          'provider_image',
          'created_at',
          'deleted_at',
        ]) {
          if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
        }
        return out;
      },
      FORGED_PROVIDER_PROFILE,
    );
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
    await attemptAll(
      'DELETE /api/services/{id}, DELETE /api/bookings/{id}, POST /api/auth/logout',
      async (field, value) => {
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
      },
    );
  }, 120_000);

  it('POST /api/bookings/{id}/messages takes the author, booking, time and "seen" from the server', async () => {
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    const elsewhere = await book(t.app, stranger, service._id);
    const first = await send('POST', `/api/bookings/${booking._id}/messages`, customer, { body: 'Plain message' });
    expect(first.statusCode).toBe(201);
    await attemptAll(
      'POST /api/bookings/{id}/messages',
      async (field, value) => {
        const res = await send('POST', `/api/bookings/${booking._id}/messages`, customer, {
          body: 'Hello from the customer',
          [field]: value,
        });
        if (res.statusCode !== 201) return statusProblem(res.statusCode, 201);
        const answer = res.json() as { id: string; mine: boolean; seen: boolean; bookingId: string };
        const r = (await row('booking_messages', Number(answer.id)))!;
        const out: string[] = [];
        if (r.author_id !== customer.id) out.push('took the author');
        if (r.booking_id !== booking._id || answer.bookingId !== booking._id) out.push('took the booking');
        if (!recent(r.created_at)) out.push('took created_at');
        if (!answer.mine || answer.seen) out.push('took mine or seen');
        return out;
      },
      {
        mine: false,
        seen: true,
        authorId: stranger.id,
        author_id: stranger.id,
        authorName: 'Somebody Else',
        bookingId: elsewhere._id,
        booking_id: elsewhere._id,
      },
    );
    const [counts] = await queryRows<{ here: number; there: number; stranger: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE booking_id = ${booking._id})::int AS here,
                 count(*) FILTER (WHERE booking_id = ${elsewhere._id})::int AS there,
                 count(*) FILTER (WHERE author_id = ${stranger.id})::int AS stranger
          FROM booking_messages`,
    );
    expect(counts!.there).toBe(0);
    expect(counts!.stranger).toBe(0);
    expect(counts!.here).toBeGreaterThanOrEqual(1);
  });

  it('POST /api/bookings/{id}/messages/read takes no read mark or person from the body', async () => {
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    const sent = await send('POST', `/api/bookings/${booking._id}/messages`, customer, { body: 'Please read me' });
    const messageId = Number(sent.json().id);
    await attemptAll(
      'POST /api/bookings/{id}/messages/read',
      async (field, value) => {
        const res = await send('POST', `/api/bookings/${booking._id}/messages/read`, provider, { [field]: value });
        const out = statusProblem(res.statusCode, 200);
        const reads = await queryRows<{ user_id: string; last_read_id: number }>(
          t.database.db,
          sql`SELECT user_id, last_read_id::int AS last_read_id FROM booking_reads WHERE booking_id = ${booking._id} ORDER BY user_id`,
        );
        const byUser = Object.fromEntries(reads.map((r) => [r.user_id, Number(r.last_read_id)]));
        if (Object.keys(byUser).some((id) => id !== provider.id && id !== customer.id))
          out.push('marked for another person');
        if (res.statusCode === 200 && byUser[provider.id] !== messageId)
          out.push(`read mark is ${byUser[provider.id]}`);
        return out;
      },
      { lastReadId: '999999999', last_read_id: 999999999, seenUpTo: '999999999', userId: stranger.id },
    );
  });

  it('PUT /api/users/me/notification-settings and /language change no SMS number, e-mail or other person', async () => {
    const columns = [
      'id',
      'email',
      'email_verified',
      'firebase_uid',
      'created_at',
      'sms_phone',
      'notification_settings',
    ];
    const extra = { smsPhone: '+8801812345678', sms_phone: '+8801812345678', smsAvailable: true, userId: stranger.id };
    for (const [url, base] of [
      ['/api/users/me/notification-settings', { language: 'bn' }],
      ['/api/users/me/language', { language: 'bn' }],
    ] as const) {
      const before = (await row('users', customer.id))!;
      const strangerBefore = (await row('users', stranger.id))!;
      await attemptAll(
        `PUT ${url}`,
        async (field, value) => {
          const res = await send('PUT', url, customer, { ...base, [field]: value });
          const after = (await row('users', customer.id))!;
          const out = statusProblem(res.statusCode, 200);
          for (const col of columns) {
            if (JSON.stringify(after[col]) !== JSON.stringify(before[col])) out.push(`changed ${col}`);
          }
          const strangerAfter = (await row('users', stranger.id))!;
          if (strangerAfter.language !== strangerBefore.language) out.push("changed another person's language");
          return out;
        },
        extra,
      );
      expect((await send('PUT', url, customer, base)).statusCode).toBe(200);
      expect((await row('users', customer.id))!.language).toBe('bn');
      await send('PUT', url, customer, { language: 'en' });
    }
  });

  it('PUT /api/notification-settings/link changes only the settings of the person the link names', async () => {
    const token = await t.app.settingsLinks.sign(customer.id);
    const url = `/api/notification-settings/link?token=${token}`;
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, reviews: { inApp: true, email: false, sms: false } };
    const before = (await row('users', customer.id))!;
    const strangerBefore = (await row('users', stranger.id))!;
    await attemptAll(
      'PUT /api/notification-settings/link',
      async (field, value) => {
        const res = await send('PUT', url, null, { settings: off, [field]: value });
        const after = (await row('users', customer.id))!;
        const out = statusProblem(res.statusCode, 200);
        for (const col of ['id', 'email', 'sms_phone', 'language', 'firebase_uid']) {
          if (String(after[col]) !== String(before[col])) out.push(`changed ${col}`);
        }
        const strangerAfter = (await row('users', stranger.id))!;
        if (
          JSON.stringify(strangerAfter.notification_settings) !== JSON.stringify(strangerBefore.notification_settings)
        )
          out.push("changed another person's settings");
        return out;
      },
      { userId: stranger.id, language: 'bn', smsPhone: '+8801812345678', token: 'x' },
    );
    const plain = await send('PUT', url, null, { settings: off });
    expect(plain.statusCode).toBe(200);
    expect((await row('users', customer.id))!.notification_settings).toEqual(off);
  });

  it('POST /api/notifications/read marks only the caller’s notifications', async () => {
    // The stranger has an unread notification: the customer booked their service.
    const booking = await book(t.app, customer, strangerService);
    const unreadOf = async (userId: string) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`,
        )
      )[0]!.n;
    const strangerUnread = await unreadOf(stranger.id);
    expect(strangerUnread).toBeGreaterThan(0);
    const [note] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id::int AS id FROM notifications WHERE booking_id = ${booking._id} AND user_id = ${stranger.id}`,
    );
    await attemptAll(
      'POST /api/notifications/read',
      async (field, value) => {
        const res = await send('POST', '/api/notifications/read', customer, {
          ids: [String(note!.id)],
          [field]: value,
        });
        const out = statusProblem(res.statusCode, 200);
        if ((await unreadOf(stranger.id)) !== strangerUnread) out.push("marked another person's notification read");
        return out;
      },
      { userId: stranger.id, user_id: stranger.id, readAt: LONG_AGO },
    );
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: customer.auth });
  });

  it('POST /api/users/me/sms-phone keeps only the number the ID token verified', async () => {
    const phone = `+88019${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const idToken = await idTokenWithPhone(customer, phone);
    await attemptAll(
      'POST /api/users/me/sms-phone',
      async (field, value) => {
        const res = await send('POST', '/api/users/me/sms-phone', customer, { idToken, [field]: value });
        const r = (await row('users', customer.id))!;
        const out = statusProblem(res.statusCode, 200);
        if (r.sms_phone !== null && r.sms_phone !== phone) out.push(`stored ${String(r.sms_phone)}`);
        if ((await row('users', stranger.id))!.sms_phone !== null) out.push("set another person's number");
        await send('DELETE', '/api/users/me/sms-phone', customer, {});
        return out;
      },
      { smsPhone: '+8801812345678', sms_phone: '+8801812345678', phone_number: '+8801812345678', phone: '01812345678' },
    );
    const plain = await send('POST', '/api/users/me/sms-phone', customer, { idToken });
    expect(plain.statusCode).toBe(200);
    expect((await row('users', customer.id))!.sms_phone).toBe(phone);
  });

  it('refuses a body with a __proto__ key as not valid JSON, storing nothing', async () => {
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    const poisoned = (body: Record<string, unknown>) =>
      JSON.stringify(body).replace(/^\{/, `{"__proto__":{"admin":true},`);
    const before = (await row('users', customer.id))!;
    for (const [method, url, body] of [
      ['POST', '/api/services', servicePayload({ serviceName: 'Poisoned Service Name' })],
      ['POST', `/api/bookings/${booking._id}/messages`, { body: 'Poisoned message' }],
      ['PUT', '/api/users/me/notification-settings', { language: 'bn' }],
      ['PUT', '/api/users/me', { displayName: 'Poisoned Name' }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...customer.auth, 'content-type': 'application/json' },
        payload: poisoned(body),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
    }
    const [stored] = await queryRows<{ services: number; messages: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM services WHERE service_name = 'Poisoned Service Name') AS services,
                 (SELECT count(*)::int FROM booking_messages WHERE body = 'Poisoned message') AS messages`,
    );
    expect(stored).toEqual({ services: 0, messages: 0 });
    const after = (await row('users', customer.id))!;
    expect([after.language, after.display_name]).toEqual([before.language, before.display_name]);
  });
});
