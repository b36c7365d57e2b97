import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification, type NotificationPage } from '@meramot/shared';
import { queryRows } from '../../db/client';
import { notificationDeliveries, notifications } from '../../db/schema';
import { notificationsFor } from '../../notifications/events';
import {
  book,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let stranger: TestUser;
let serviceId: string;

// E-mail is configured (so deliveries are written) but this instance drains nothing: the outbox
// has its own tests (notifications/outbox.test.ts).
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_WORKER: 'off' });
  [provider, customer, stranger] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim Uddin' }),
    newUser(t.app, { displayName: 'Karim Hossain' }),
    newUser(t.app, { displayName: 'Salma Begum' }),
  ]);
});
afterAll(() => t?.close());
beforeEach(async () => {
  serviceId = (await createService(t.app, provider, { serviceName: 'AC Servicing', serviceArea: 'Dhaka' }))._id;
  for (const user of [provider, customer, stranger]) {
    await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: user.auth, payload: {} });
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: user.auth,
      payload: { settings: DEFAULT_NOTIFICATION_SETTINGS, language: 'en' },
    });
  }
});

const page = async (user: TestUser, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationPage;
};
const unread = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { unread: number }).unread;
};
const newest = async (user: TestUser): Promise<Notification> => (await page(user, '?limit=1')).items[0]!;
const deliveriesOf = (notificationId: string) =>
  t.database.db
    .select({ channel: notificationDeliveries.channel, status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, Number(notificationId)));

describe('a notification per event, to the right person', () => {
  it('tells the provider of a new booking, with the facts and a link, and nobody else', async () => {
    const booking = await book(t.app, customer, serviceId);
    expect(await unread(provider)).toBe(1);
    expect(await unread(customer)).toBe(0);
    const n = await newest(provider);
    expect(n).toMatchObject({
      kind: 'booking_requested',
      bookingId: booking._id,
      serviceName: 'AC Servicing',
      actorName: 'Karim Hossain',
      excerpt: 'Please call before coming.',
      serviceTakingDate: booking.serviceTakingDate,
      link: `/service-todo?booking=${booking._id}`,
      readAt: null,
    });
    // In the app and by e-mail (the defaults); SMS only with a verified number.
    expect(await deliveriesOf(n.id)).toEqual([{ channel: 'email', status: 'pending' }]);
  });

  it('tells the customer when the job starts and when it is completed, with a review link', async () => {
    const booking = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, booking._id, 'working');
    expect(await newest(customer)).toMatchObject({
      kind: 'booking_working',
      actorName: 'Rahim Uddin',
      link: `/booked-services?booking=${booking._id}`,
    });
    await setStatus(t.app, provider, booking._id, 'completed');
    expect(await newest(customer)).toMatchObject({
      kind: 'booking_completed',
      link: `/booked-services?booking=${booking._id}&review=1`,
    });
    expect(await unread(customer)).toBe(2);
    // Setting the same status again changes nothing and tells nobody.
    await setStatus(t.app, provider, booking._id, 'completed');
    expect(await unread(customer)).toBe(2);
  });

  it('tells the provider of a cancellation and of a review', async () => {
    const cancelled = await book(t.app, customer, serviceId);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(await newest(provider)).toMatchObject({ kind: 'booking_cancelled', bookingId: cancelled._id });

    const done = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, done._id, 'completed');
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.auth,
      payload: reviewPayload(done._id, { rating: 4, title: 'Cold again' }),
    });
    expect(review.statusCode).toBe(201);
    expect(await newest(provider)).toMatchObject({ kind: 'review_received', rating: 4, excerpt: 'Cold again' });
  });

  it('never carries another person’s e-mail or phone', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: customer.auth,
      payload: { displayName: 'Karim Hossain', phone: '01712345678' },
    });
    await book(t.app, customer, serviceId);
    const body = JSON.stringify(await page(provider));
    expect(body).not.toContain(customer.email);
    expect(body).not.toContain('01712345678');
  });
});

describe('written with the change or not at all', () => {
  it('leaves no notification and no delivery when the change is rolled back', async () => {
    const booking = await book(t.app, customer, serviceId);
    const before = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM notifications`);
    const note = notificationsFor(t.app.db);
    await expect(
      t.app.db.transaction(async (tx) => {
        await note.add(tx, {
          kind: 'booking_working',
          bookingId: booking._id,
          recipientId: customer.id,
          actorId: provider.id,
          data: { serviceName: 'AC Servicing', actorName: 'Rahim Uddin', role: 'customer' },
        });
        throw new Error('the change failed after its notification was written');
      }),
    ).rejects.toThrow('the change failed');
    const after = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM notifications`);
    expect(after[0]!.n).toBe(before[0]!.n);
    const orphans = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM notification_deliveries d LEFT JOIN notifications n ON n.id = d.notification_id WHERE n.id IS NULL`,
    );
    expect(orphans[0]!.n).toBe(0);
  });

  it('makes none when the change is refused (a booking of one’s own service)', async () => {
    const before = await unread(provider);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: provider.auth,
      payload: { serviceId, serviceTakingDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) },
    });
    expect(res.statusCode).toBe(403);
    expect(await unread(provider)).toBe(before);
  });

  it('makes one for an idempotent repeat of a booking only once', async () => {
    const before = await unread(provider);
    const headers = { 'idempotency-key': `key-${Date.now()}-notify` };
    await book(t.app, customer, serviceId, { headers: { ...customer.auth, ...headers } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...customer.auth, ...headers },
      payload: {
        serviceId,
        serviceTakingDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        specialInstruction: 'Please call before coming.',
      },
    });
    expect([200, 201]).toContain(again.statusCode);
    expect(await unread(provider)).toBe(before + 1);
  });
});

describe('the list, paging and read marks', () => {
  it('pages newest first by cursor and marks one, then all, read', async () => {
    for (let i = 0; i < 5; i++) await book(t.app, customer, (await createService(t.app, provider))._id);
    const first = await page(provider, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(5);
    expect(Number(first.items[0]!.id)).toBeGreaterThan(Number(first.items[1]!.id));
    const second = await page(provider, `?limit=2&cursor=${first.nextCursor}`);
    expect(Number(second.items[0]!.id)).toBeLessThan(Number(first.items[1]!.id));

    const one = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: provider.auth,
      payload: { ids: [first.items[0]!.id] },
    });
    expect(one.json()).toEqual({ unread: 4 });
    expect((await page(provider, '?unread=true')).items.map((n) => n.id)).not.toContain(first.items[0]!.id);

    // Another person cannot mark the provider's notifications read.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: stranger.auth,
      payload: { ids: [first.items[1]!.id] },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await unread(provider)).toBe(4);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: provider.auth,
      payload: {},
    });
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('answers 400 for a bad cursor, limit or id, 401 without a token', async () => {
    for (const url of ['/api/notifications?cursor=abc', '/api/notifications?limit=0', '/api/notifications?limit=51']) {
      const res = await t.app.inject({ method: 'GET', url, headers: provider.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const badIds = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: provider.auth,
      payload: { ids: ['1; DROP TABLE notifications'] },
    });
    expect(badIds.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('starts with the defaults: in the app and by e-mail, SMS for new bookings only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/notification-settings',
      headers: stranger.auth,
    });
    expect(res.json()).toEqual({
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      language: 'en',
      smsPhone: null,
      smsAvailable: false,
    });
  });

  it('follows the switches: no in-app notification and no e-mail when both are off', async () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.bookings = { inApp: false, email: false, sms: false };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: provider.auth,
      payload: { settings },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().settings.bookings).toEqual({ inApp: false, email: false, sms: false });
    const booking = await book(t.app, customer, serviceId);
    expect(await unread(provider)).toBe(0);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.bookingId, booking._id));
    expect(rows).toHaveLength(0);

    // E-mail only: a notification row (the delivery's source) not shown in the app.
    settings.bookings = { inApp: false, email: true, sms: false };
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: provider.auth,
      payload: { settings },
    });
    const second = await book(t.app, customer, serviceId);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.bookingId, second._id));
    expect(row?.inApp).toBe(false);
    expect(await deliveriesOf(String(row!.id))).toEqual([{ channel: 'email', status: 'pending' }]);
    expect(await unread(provider)).toBe(0);
  });

  it('refuses settings that are not the expected switches', async () => {
    for (const payload of [
      { settings: { bookings: { inApp: 'yes', email: true, sms: false } } },
      { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, extra: { inApp: true, email: true, sms: true } } },
      { language: 'fr' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/notification-settings',
        headers: provider.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('keeps the language of the switch', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      headers: stranger.auth,
      payload: { language: 'bn' },
    });
    expect(res.json()).toEqual({ language: 'bn' });
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/notification-settings',
      headers: stranger.auth,
    });
    expect(get.json().language).toBe('bn');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      headers: stranger.auth,
      payload: { language: 'de' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('opens and changes them through a signed link without signing in; a bad or expired link is refused', async () => {
    const token = await t.app.settingsLinks.sign(stranger.id);
    const get = await t.app.inject({ method: 'GET', url: `/api/notification-settings/link?token=${token}` });
    expect(get.statusCode).toBe(200);
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.messages.email = false;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/notification-settings/link?token=${token}`,
      payload: { settings },
    });
    expect(put.json().settings.messages.email).toBe(false);

    const expired = await t.app.settingsLinks.sign(stranger.id, Date.now() - 31 * 86_400_000);
    const tampered = `${token.slice(0, -4)}AAAA`;
    for (const bad of [expired, tampered, 'not-a-token']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/notification-settings/link?token=${bad}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/invalid or has expired/);
    }
    // A settings link is no session token.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});
