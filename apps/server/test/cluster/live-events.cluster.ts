import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createService, newUser, setStatus, type TestUser } from '../helpers';
import { startInstances, type Instances } from './instances';
import { openLiveStream, type LiveStream } from '../live-client';

/**
 * Live events across three instances in this process (one database, one Redis): a person's
 * stream is held by one instance and the change that concerns them is made through another; the
 * event travels through the Redis channel `<prefix>live`. A: the customer's stream, B: the
 * provider's, C: where the changes are made. The delays measured are printed.
 */
let c: Instances;
let base: string[];
let provider: TestUser;
let customer: TestUser;
let serviceId: string;
let bookingId: string;
let customerStream: LiveStream;
let providerStream: LiveStream;
const delays: Record<string, number> = {};
const A = 0;
const B = 1;
const C = 2;

beforeAll(async () => {
  c = await startInstances(3);
  base = [];
  for (const app of c.apps.slice(0, 2)) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  [provider, customer] = await Promise.all([
    newUser(c.apps[C]!, { displayName: 'Rahim Uddin' }),
    newUser(c.apps[C]!, { displayName: 'Karim Hossain' }),
  ]);
  serviceId = (await createService(c.apps[C]!, provider, { serviceName: 'Clustered TV Repair' }))._id;
  customerStream = await openLiveStream(`${base[A]}/api/events`, customer.auth);
  providerStream = await openLiveStream(`${base[B]}/api/events`, provider.auth);
  expect([customerStream.status, providerStream.status]).toEqual([200, 200]);
  expect(await customerStream.next('ready')).toMatchObject({ live: true, unread: 0 });
  expect(await providerStream.next('ready')).toMatchObject({ live: true, unread: 0 });
  expect([c.apps[A]!.live.streams.size, c.apps[B]!.live.streams.size, c.apps[C]!.live.streams.size]).toEqual([1, 1, 0]);
});

afterAll(async () => {
  console.log(`live events between instances, delay (ms): ${JSON.stringify(delays)}`);
  customerStream?.close();
  providerStream?.close();
  await c?.close();
});

describe('live events held by one instance, raised through another', () => {
  it('a booking made through C reaches the provider’s stream on B within 1 s', async () => {
    const sent = Date.now();
    const booking = await book(c.apps[C]!, customer, serviceId);
    const answered = Date.now();
    bookingId = booking._id;
    const event = await providerStream.next('notification', 1000);
    delays.bookingSinceRequest = event.at - sent;
    delays.bookingSinceAnswer = event.at - answered;
    expect(event.notification).toMatchObject({ kind: 'booking_requested', bookingId, actorName: 'Karim Hossain' });
    expect(event.id).toBe(event.notification.id);
    expect(event.unread).toBe(1);
    expect(delays.bookingSinceRequest).toBeLessThan(1000);
  });

  it('a message sent through A reaches the other party’s stream on B within 1 s', async () => {
    const sent = Date.now();
    const res = await c.apps[A]!.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/messages`,
      headers: customer.auth,
      payload: { body: 'Can you come at 4 pm?' },
    });
    expect(res.statusCode).toBe(201);
    const atProvider = await providerStream.next('message', 1000);
    delays.messageSinceRequest = atProvider.at - sent;
    expect(atProvider).toMatchObject({
      bookingId,
      message: { id: res.json<{ id: string }>().id, body: 'Can you come at 4 pm?', mine: false },
    });
    expect(delays.messageSinceRequest).toBeLessThan(1000);
    // The author's own stream (on A) has it as theirs; the provider is notified too.
    expect((await customerStream.next('message', 1000)).message.mine).toBe(true);
    const note = await providerStream.next('notification', 1000);
    expect(note.notification).toMatchObject({ kind: 'message_received', bookingId });
    delays.messageNotificationSinceRequest = note.at - sent;
  });

  it('a status change through C reaches the customer’s stream on A, and a reconnect to B replays what a closed stream missed', async () => {
    const sent = Date.now();
    await setStatus(c.apps[C]!, provider, bookingId, 'working');
    const working = await customerStream.next('notification', 1000);
    delays.statusSinceRequest = working.at - sent;
    expect(working.notification).toMatchObject({ kind: 'booking_working', bookingId });
    expect(delays.statusSinceRequest).toBeLessThan(1000);

    // The customer's tab drops its stream on A; the booking is completed meanwhile; it reconnects to B.
    customerStream.close();
    await customerStream.whenEnded;
    await setStatus(c.apps[C]!, provider, bookingId, 'completed');
    const again = await openLiveStream(`${base[B]}/api/events`, { ...customer.auth, 'last-event-id': working.id! });
    try {
      const missed = await again.next('notification');
      expect(missed.notification).toMatchObject({ kind: 'booking_completed', bookingId });
      expect(Number(missed.id)).toBeGreaterThan(Number(working.id));
      await again.next('ready');
      expect(again.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    } finally {
      customerStream = again;
    }
  });

  it('a logout through C ends that session’s stream on B within 1 s, and no other', async () => {
    // A second tab of the provider, signed in separately (another session), on A.
    const otherSession = await c.apps[A]!.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: provider.idToken },
    });
    expect(otherSession.statusCode).toBe(200);
    const otherAuth = { authorization: `Bearer ${otherSession.json<{ token: string }>().token}` };
    const otherTab = await openLiveStream(`${base[A]}/api/events`, otherAuth);
    await otherTab.next('ready');
    expect(providerStream.ended()).toBe(false);

    const sent = Date.now();
    const out = await c.apps[C]!.inject({ method: 'POST', url: '/api/auth/logout', headers: provider.auth });
    expect(out.statusCode).toBe(200);
    const endedAt = await Promise.race([
      providerStream.whenEnded,
      new Promise<null>((r) => setTimeout(() => r(null), 1000)),
    ]);
    expect(endedAt, 'the stream on B did not end within 1 s of the logout').not.toBeNull();
    delays.logoutStreamEnd = endedAt! - sent;
    expect(c.apps[B]!.live.streams.countFor(provider.id)).toBe(0);
    // The same person's other session and the customer's stream stay open.
    await new Promise((r) => setTimeout(r, 200));
    expect(otherTab.ended()).toBe(false);
    expect(customerStream.ended()).toBe(false);
    expect(c.apps[A]!.live.streams.countFor(provider.id)).toBe(1);
    // The ended session cannot open another stream anywhere.
    const refused = await fetch(`${base[B]}/api/events`, { headers: provider.auth });
    expect(refused.status).toBe(401);
    otherTab.close();
  });
});
