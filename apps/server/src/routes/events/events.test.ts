import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsFor } from '../../notifications/events';
import {
  book,
  createService,
  createTestApp,
  newUser,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { openLiveStream } from '../../../test/live-client';

let t: TestApp;
let base: string;
let provider: TestUser;
let customer: TestUser;
let serviceId: string;

beforeAll(async () => {
  // The catch-up runs every 1.5 s: slower than the 1 s the live publication is held to, so a
  // broken publication cannot hide behind it.
  t = await createTestApp({ LIVE_STREAM_MAX_SECONDS: '60', LIVE_STREAMS_PER_USER: '3', LIVE_CATCH_UP_MS: '1500' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [provider, customer] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim Uddin' }),
    newUser(t.app, { displayName: 'Karim Hossain' }),
  ]);
  serviceId = (await createService(t.app, provider, { serviceName: 'TV Repair' }))._id;
});
afterAll(() => t?.close());

/** A live stream read over a real socket, as the web reads it (fetch, Authorization header). */
const openStream = (user: TestUser, lastEventId?: string) =>
  openLiveStream(`${base}/api/events`, { ...user.auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) });

describe('GET /api/events', () => {
  it('opens with the unread count and brings a new booking to the provider within a second', async () => {
    const stream = await openStream(provider);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const ready = await stream.next('ready');
    expect(ready).toMatchObject({ live: true });
    const started = Date.now();
    const booking = await book(t.app, customer, serviceId);
    const event = await stream.next('notification', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.notification).toMatchObject({
      kind: 'booking_requested',
      bookingId: booking._id,
      actorName: 'Karim Hossain',
    });
    expect(event.unread).toBe(ready.unread + 1);
    expect(event.id).toBe(event.notification.id);
    stream.close();
  });

  it('replays what a reconnect missed after Last-Event-ID, then goes on live', async () => {
    const first = await openStream(customer);
    await first.next('ready');
    const booking = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, booking._id, 'working');
    const seen = await first.next('notification');
    first.close();

    await setStatus(t.app, provider, booking._id, 'completed');
    const again = await openStream(customer, seen.id);
    const missed = await again.next('notification');
    expect(missed.notification).toMatchObject({ kind: 'booking_completed', bookingId: booking._id });
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    await again.next('ready');
    // Nothing older than Last-Event-ID came again: the one missed notification only.
    expect(again.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    again.close();
  });

  it('carries messages to both parties and "seen" to the author', async () => {
    const booking = await book(t.app, customer, serviceId);
    const providerStream = await openStream(provider);
    const customerStream = await openStream(customer);
    await Promise.all([providerStream.next('ready'), customerStream.next('ready')]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking._id}/messages`,
      headers: customer.auth,
      payload: { body: 'Is 4 pm fine?' },
    });
    expect(sent.statusCode).toBe(201);
    const atProvider = await providerStream.next('message', 1000);
    expect(atProvider).toMatchObject({
      bookingId: booking._id,
      message: { body: 'Is 4 pm fine?', mine: false, authorName: 'Karim Hossain' },
    });
    expect((await customerStream.next('message', 1000)).message.mine).toBe(true);
    expect((await providerStream.next('notification', 1000)).notification.kind).toBe('message_received');

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking._id}/messages/read`,
      headers: provider.auth,
    });
    expect(read.statusCode).toBe(200);
    const seen = await customerStream.next('seen', 1000);
    expect({ bookingId: seen.bookingId, seenUpTo: seen.seenUpTo, id: seen.id }).toEqual({
      bookingId: booking._id,
      seenUpTo: sent.json().id,
      id: undefined,
    });
    // The provider's other tabs hear that the message notification was read.
    expect(await providerStream.next('read', 1000)).toMatchObject({ unread: expect.any(Number) });
    providerStream.close();
    customerStream.close();
  });

  it('catches up a notification whose publication never came (its instance died after the commit)', async () => {
    const booking = await book(t.app, customer, serviceId);
    const stream = await openStream(customer);
    await stream.next('ready');
    // Written and committed, as a change does, but never announced: as if the process died then.
    const note = notificationsFor(t.app.db);
    await t.app.db.transaction((tx) =>
      note.add(tx, {
        kind: 'booking_working',
        bookingId: booking._id,
        recipientId: customer.id,
        actorId: provider.id,
        data: { serviceName: 'TV Repair', actorName: 'Rahim Uddin', role: 'customer' },
      }),
    );
    const caught = await stream.next('notification', 4000);
    expect(caught.notification).toMatchObject({ kind: 'booking_working', bookingId: booking._id });
    // Once only: the next catch-ups know the stream carried it.
    await new Promise((r) => setTimeout(r, 1800));
    expect(stream.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    stream.close();
  });

  it('ends the streams of a session at its logout', async () => {
    const user = await newUser(t.app);
    const stream = await openStream(user);
    await stream.next('ready');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBeLessThan(300);
    for (let i = 0; i < 40 && !stream.ended(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(stream.ended()).toBe(true);
  });

  it('refuses no token, a bad Last-Event-ID and too many streams of one person', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    const bad = await fetch(`${base}/api/events`, { headers: { ...provider.auth, 'last-event-id': 'x; drop' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/Last-Event-ID/);

    const user = await newUser(t.app);
    const open = [await openStream(user), await openStream(user), await openStream(user)];
    await Promise.all(open.map((s) => s.next('ready')));
    const fourth = await fetch(`${base}/api/events`, { headers: user.auth });
    expect(fourth.status).toBe(429);
    open.forEach((s) => s.close());
  });
});
