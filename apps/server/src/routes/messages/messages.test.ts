import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bn,
  en,
  MESSAGE_MAX,
  MESSAGES_PER_MINUTE,
  messageMessages,
  type ConversationPage,
  type Message,
  type NotificationPage,
} from '@meramot/shared';
import {
  book,
  completedBooking,
  createService,
  createTestApp,
  newUser,
  setStatus,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';

/**
 * The conversation of a booking (GET/POST /api/bookings/:id/messages, POST .../read,
 * GET /api/messages/unread): only its two parties, plain text, "seen" marks, unread counts, the
 * message_received notification, read-only 30 days after the end, and at most 20 messages a minute.
 */
let t: TestApp;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  stranger = await newUser(t.app, { displayName: 'Salma Begum' });
});
afterAll(() => t?.close());

/** A provider and a customer of their own (the rate limit counts per person) with a pending booking. */
async function conversation(names: { provider?: string; customer?: string } = {}) {
  const [provider, customer] = await Promise.all([
    newUser(t.app, { displayName: names.provider ?? 'Rahim Uddin' }),
    newUser(t.app, { displayName: names.customer ?? 'Ayesha Rahman' }),
  ]);
  const service = await createService(t.app, provider, { serviceName: 'Fridge Compressor Repair' });
  const booking = await book(t.app, customer, service._id);
  return { provider, customer, serviceId: service._id, bookingId: booking._id };
}

const inject = (options: InjectOptions) => t.app.inject(options);
const send = (user: TestUser | null, bookingId: string, body: unknown, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/messages`,
    headers: { ...(user?.auth ?? {}), ...headers },
    payload: { body } as object,
  });
const list = (user: TestUser | null, bookingId: string, query = '') =>
  inject({ method: 'GET', url: `/api/bookings/${bookingId}/messages${query}`, headers: user?.auth ?? {} });
const page = async (user: TestUser, bookingId: string, query = '') => {
  const res = await list(user, bookingId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConversationPage;
};
const markRead = (user: TestUser | null, bookingId: string) =>
  inject({ method: 'POST', url: `/api/bookings/${bookingId}/messages/read`, headers: user?.auth ?? {} });
async function sent(user: TestUser, bookingId: string, body: string): Promise<Message> {
  const res = await send(user, bookingId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Message;
}
const unreadConversations = async (user: TestUser) => {
  const res = await inject({ method: 'GET', url: '/api/messages/unread', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { bookings: { bookingId: string; unread: number }[] }).bookings;
};
const unreadNotifications = async (user: TestUser) => {
  const res = await inject({ method: 'GET', url: '/api/notifications/unread-count', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { unread: number }).unread;
};
const notificationsOf = async (user: TestUser) => {
  const res = await inject({ method: 'GET', url: '/api/notifications?limit=50', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return { page: res.json() as NotificationPage, body: res.body };
};
/** Moves the end of a booking (completed_at or cancelled_at) this many days back. */
const endedDaysAgo = (bookingId: string, column: 'completed_at' | 'cancelled_at', days: number) =>
  t.database.db.execute(
    sql`UPDATE bookings SET ${sql.identifier(column)} = now() - make_interval(days => ${days}) WHERE id = ${bookingId}`,
  );

describe('writing and reading a conversation', () => {
  it('lets both parties write and read, newest first, with their names and "mine"', async () => {
    const { provider, customer, bookingId } = await conversation();
    const first = await sent(customer, bookingId, 'Hello, is 10 am fine?');
    expect(first).toMatchObject({
      bookingId,
      mine: true,
      authorName: 'Ayesha Rahman',
      body: 'Hello, is 10 am fine?',
      seen: false,
    });
    expect(first.id).toMatch(/^\d+$/);
    expect(Date.now() - new Date(first.createdAt).getTime()).toBeLessThan(60_000);
    const second = await sent(provider, bookingId, 'Yes, I will bring the gas cylinder.');
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    const asCustomer = await page(customer, bookingId);
    expect(asCustomer.items.map((m) => [m.id, m.mine, m.authorName, m.body])).toEqual([
      [second.id, false, 'Rahim Uddin', 'Yes, I will bring the gas cylinder.'],
      [first.id, true, 'Ayesha Rahman', 'Hello, is 10 am fine?'],
    ]);
    expect(asCustomer).toMatchObject({
      serviceName: 'Fridge Compressor Repair',
      otherName: 'Rahim Uddin',
      readOnly: false,
      nextCursor: null,
    });
    const asProvider = await page(provider, bookingId);
    expect(asProvider.items.map((m) => [m.id, m.mine])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(asProvider.otherName).toBe('Ayesha Rahman');
  });

  it('trims the body, keeps line breaks, and stores <script> and links unchanged as text', async () => {
    const { provider, customer, bookingId } = await conversation();
    const text = 'See <script>alert("x")</script> & https://example.com/a?b=1&c=<2> for the part.\nThanks!';
    const message = await sent(customer, bookingId, `  ${text}\n `);
    expect(message.body).toBe(text);
    const [stored] = (await page(provider, bookingId)).items;
    expect(stored!.body).toBe(text);
    const rows = await queryRows<{ body: string }>(
      t.database.db,
      sql`SELECT body FROM booking_messages WHERE id = ${Number(message.id)}`,
    );
    expect(rows[0]!.body).toBe(text);
  });

  it('pages newest first with `before` and nextCursor, to the end', async () => {
    const { provider, customer, bookingId } = await conversation();
    const ids: string[] = [];
    // Both write (each stays under the limit a minute): 20 messages in all.
    for (let i = 0; i < 20; i++) ids.push((await sent(i % 2 ? provider : customer, bookingId, `Message ${i}`)).id);
    const newestFirst = [...ids].reverse();

    const first = await page(customer, bookingId, '?limit=7');
    expect(first.items.map((m) => m.id)).toEqual(newestFirst.slice(0, 7));
    expect(first.items.map((m) => m.body)).toEqual(newestFirst.slice(0, 7).map((_, k) => `Message ${19 - k}`));
    expect(first.nextCursor).toBe(newestFirst[6]);
    const second = await page(customer, bookingId, `?limit=7&before=${first.nextCursor}`);
    expect(second.items.map((m) => m.id)).toEqual(newestFirst.slice(7, 14));
    expect(second.nextCursor).toBe(newestFirst[13]);
    const last = await page(customer, bookingId, `?limit=7&before=${second.nextCursor}`);
    expect(last.items.map((m) => m.id)).toEqual(newestFirst.slice(14));
    expect(last.nextCursor).toBeNull();
    // Exactly a page left: no cursor to an empty page.
    const exact = await page(provider, bookingId, `?limit=6&before=${second.nextCursor}`);
    expect([exact.items.length, exact.nextCursor]).toEqual([6, null]);
    // The default page is 20.
    expect((await page(provider, bookingId)).items).toHaveLength(20);
    // Before the oldest: nothing.
    expect((await page(provider, bookingId, `?before=${ids[0]}`)).items).toEqual([]);
  });

  it('answers malformed paging with 400', async () => {
    const { customer, bookingId } = await conversation();
    for (const query of ['?before=abc', '?before=-1', '?limit=0', '?limit=51', '?limit=x', '?page=2']) {
      const res = await list(customer, bookingId, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('who may read and write', () => {
  it('refuses a stranger with 403 (and says why), a visitor with 401', async () => {
    const { customer, bookingId } = await conversation();
    await sent(customer, bookingId, 'Only for the provider.');

    const read = await list(stranger, bookingId);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: en.onlyPartiesRead });
    expect(read.body).not.toContain('Only for the provider.');
    const write = await send(stranger, bookingId, 'Let me in');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: en.onlyPartiesWrite });
    const readMark = await markRead(stranger, bookingId);
    expect(readMark.statusCode).toBe(403);
    expect((await list(stranger, bookingId, '?before=1')).statusCode).toBe(403);
    const bangla = await inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/messages`,
      headers: { ...stranger.auth, 'accept-language': 'bn' },
    });
    expect(bangla.json()).toEqual({ error: bn.onlyPartiesRead });
    // Nothing was written by the stranger.
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM booking_messages WHERE booking_id = ${bookingId}`,
    );
    expect(rows[0]!.n).toBe(1);

    expect((await list(null, bookingId)).statusCode).toBe(401);
    expect((await send(null, bookingId, 'Hello')).statusCode).toBe(401);
    expect((await markRead(null, bookingId)).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/messages/unread' })).statusCode).toBe(401);
  });

  it('answers an unknown booking with 404 and a malformed id with 400', async () => {
    const { customer } = await conversation();
    const unknown = randomUUID();
    for (const res of [
      await list(customer, unknown),
      await send(customer, unknown, 'Hello'),
      await markRead(customer, unknown),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: en.bookingNotFound });
    }
    for (const bad of ['not-a-uuid', '123', "1'%20OR%20'1'='1"]) {
      for (const res of [
        await list(customer, bad),
        await send(customer, bad, 'Hello'),
        await markRead(customer, bad),
      ]) {
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error).toMatch(/^Invalid params: id: /);
      }
    }
  });
});

describe('what a message may hold', () => {
  it('refuses empty, whitespace-only, too long and control-character bodies with the shared sentences', async () => {
    const { customer, bookingId } = await conversation();
    const cases: [unknown, string][] = [
      ['', messageMessages.empty],
      ['   \n\t  ', messageMessages.empty],
      ['x'.repeat(MESSAGE_MAX + 1), messageMessages.tooLong],
      [`${'y'.repeat(MESSAGE_MAX)} z`, messageMessages.tooLong],
      ['Hello\u0000there', messageMessages.control],
      ['Bell \u0007', messageMessages.control],
      ['Escape \u001b[31m red', messageMessages.control],
      ['Delete \u007f', messageMessages.control],
    ];
    for (const [body, sentence] of cases) {
      const res = await send(customer, bookingId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ error: `Invalid body: body: ${sentence.replace(/\.$/, '')}.` });
    }
    for (const payload of [{}, { body: null }, { body: 42 }, { body: 'Hi', extra: 1 }]) {
      const res = await inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/messages`,
        headers: customer.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await page(customer, bookingId)).items).toEqual([]);
  });

  it('answers the refusals in Bangla for accept-language: bn', async () => {
    const { customer, bookingId } = await conversation();
    const cases: [string, string][] = [
      ['  ', bn.messageEmpty],
      ['x'.repeat(MESSAGE_MAX + 1), bn.messageTooLong],
      ['a\u0001b', bn.messageControl],
    ];
    for (const [body, sentence] of cases) {
      const res = await send(customer, bookingId, body, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: `অনুরোধের তথ্যে ভুল আছে: body: ${sentence.replace(/।$/, '')}।` });
      expect(res.headers.vary).toContain('Accept-Language');
    }
  });

  it('takes exactly 2,000 characters (Bangla too), tabs and line breaks', async () => {
    const { provider, customer, bookingId } = await conversation();
    const long = 'ক'.repeat(MESSAGE_MAX);
    expect((await sent(customer, bookingId, long)).body).toBe(long);
    const ascii = 'a'.repeat(MESSAGE_MAX);
    expect((await sent(customer, bookingId, ascii)).body).toBe(ascii);
    const lines = 'Line one\r\nLine two\n\tindented';
    expect((await sent(provider, bookingId, lines)).body).toBe(lines);
    expect((await page(provider, bookingId)).items.map((m) => m.body.length)).toEqual([
      lines.length,
      MESSAGE_MAX,
      MESSAGE_MAX,
    ]);
  });
});

describe('seen marks and unread counts', () => {
  it('marks the author’s messages seen once the other party reads, and counts unread for the reader', async () => {
    const { provider, customer, bookingId } = await conversation();
    const a = await sent(customer, bookingId, 'First question');
    const b = await sent(customer, bookingId, 'Second question');

    let mine = await page(customer, bookingId);
    expect(mine.items.map((m) => m.seen)).toEqual([false, false]);
    expect([mine.seenUpTo, mine.unread]).toEqual([null, 0]);
    let theirs = await page(provider, bookingId);
    expect(theirs.unread).toBe(2);
    // "seen" is about the caller's own messages only.
    expect(theirs.items.map((m) => [m.mine, m.seen])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(await unreadConversations(provider)).toEqual([{ bookingId, unread: 2 }]);
    expect(await unreadConversations(customer)).toEqual([]);
    // Listing alone reads nothing.
    expect((await page(provider, bookingId)).unread).toBe(2);

    const read = await markRead(provider, bookingId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ lastReadId: b.id });

    mine = await page(customer, bookingId);
    expect(mine.items.map((m) => [m.id, m.seen])).toEqual([
      [b.id, true],
      [a.id, true],
    ]);
    expect(mine.seenUpTo).toBe(b.id);
    theirs = await page(provider, bookingId);
    expect(theirs.unread).toBe(0);
    expect(await unreadConversations(provider)).toEqual([]);

    // A new message is not seen until read again; the earlier ones stay seen.
    const c = await sent(customer, bookingId, 'Third question');
    mine = await page(customer, bookingId);
    expect(mine.items.map((m) => [m.id, m.seen])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, true],
    ]);
    expect(mine.seenUpTo).toBe(b.id);
    expect((await page(provider, bookingId)).unread).toBe(1);
    expect(await unreadConversations(provider)).toEqual([{ bookingId, unread: 1 }]);

    // Reading twice changes nothing; reading an empty conversation answers null.
    expect((await markRead(provider, bookingId)).json()).toEqual({ lastReadId: c.id });
    expect((await markRead(provider, bookingId)).json()).toEqual({ lastReadId: c.id });
    expect((await page(customer, bookingId)).seenUpTo).toBe(c.id);
    const empty = await conversation();
    expect((await markRead(empty.customer, empty.bookingId)).json()).toEqual({ lastReadId: null });
    expect((await page(empty.provider, empty.bookingId)).seenUpTo).toBeNull();
  });

  it('counts unread conversations per booking', async () => {
    const { provider, customer, serviceId, bookingId } = await conversation();
    const second = (await book(t.app, customer, serviceId))._id;
    await sent(customer, bookingId, 'About the first booking');
    await sent(customer, second, 'About the second booking, one');
    await sent(customer, second, 'About the second booking, two');
    const byBooking = (rows: { bookingId: string; unread: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.bookingId, r.unread]));
    expect(byBooking(await unreadConversations(provider))).toEqual({ [bookingId]: 1, [second]: 2 });
    await markRead(provider, second);
    expect(await unreadConversations(provider)).toEqual([{ bookingId, unread: 1 }]);
    // Another person's conversations never count.
    expect(await unreadConversations(stranger)).toEqual([]);
  });
});

describe('notifications of a message', () => {
  it('notifies the other party with the excerpt and the author’s name, never their e-mail or phone', async () => {
    const { provider, customer, bookingId } = await conversation({ customer: 'Nusrat Jahan' });
    // The author has a phone on the profile and an SMS number: neither may reach the other party.
    const profile = await inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: customer.auth,
      payload: { displayName: 'Nusrat Jahan', phone: '01712345678' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET sms_phone = '+8801812345678' WHERE id = ${customer.id}`);
    expect((await inject({ method: 'GET', url: '/api/users/me', headers: customer.auth })).body).toContain(
      '1712345678',
    );

    const before = await unreadNotifications(provider);
    const customerBefore = (await notificationsOf(customer)).page.items.length;
    const long = `The fridge makes a loud noise at night. ${'It keeps clicking. '.repeat(20)}`.trim();
    const message = await sent(customer, bookingId, long);

    const { page: inbox, body } = await notificationsOf(provider);
    const notes = inbox.items.filter((n) => n.kind === 'message_received');
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note).toMatchObject({
      kind: 'message_received',
      bookingId,
      serviceName: 'Fridge Compressor Repair',
      actorName: 'Nusrat Jahan',
      rating: null,
      readAt: null,
      link: `/service-todo?booking=${bookingId}&chat=1`,
    });
    expect(note!.excerpt!.length).toBeLessThanOrEqual(140);
    expect(note!.excerpt!.endsWith('…')).toBe(true);
    expect(long.startsWith(note!.excerpt!.slice(0, -1))).toBe(true);
    expect(inbox.unread).toBe(before + 1);
    expect(await unreadNotifications(provider)).toBe(before + 1);

    // Neither the notifications nor the conversation carry the author's e-mail or numbers.
    const conversationBody = (await list(provider, bookingId)).body;
    for (const json of [body, conversationBody, JSON.stringify(message)]) {
      expect(json).not.toContain(customer.email);
      expect(json).not.toContain(customer.email.split('@')[0]);
      expect(json).not.toContain('1712345678');
      expect(json).not.toContain('1812345678');
    }

    // A short message is its own excerpt; the customer is notified of the provider's reply.
    await sent(provider, bookingId, 'Coming at 10.');
    const reply = (await notificationsOf(customer)).page.items.filter((n) => n.kind === 'message_received');
    expect(reply.map((n) => [n.excerpt, n.actorName, n.link])).toEqual([
      ['Coming at 10.', 'Rahim Uddin', `/booked-services?booking=${bookingId}&chat=1`],
    ]);
    expect((await notificationsOf(customer)).page.items.length).toBe(customerBefore + 1);
  });

  it('cuts a long excerpt between characters, never inside an emoji', async () => {
    const { provider, customer, bookingId } = await conversation();
    // 138 letters, then emoji (two UTF-16 units each): a cut at 139 units falls inside one.
    const body = `${'a'.repeat(138)}${'😀'.repeat(20)}`;
    expect((await sent(customer, bookingId, body)).body).toBe(body);
    const [note] = (await notificationsOf(provider)).page.items.filter((n) => n.kind === 'message_received');
    expect(note!.excerpt).toBe(`${'a'.repeat(138)}…`);
    const withEmoji = await conversation();
    const text = `${'b'.repeat(137)}${'😀'.repeat(20)}`;
    await sent(withEmoji.customer, withEmoji.bookingId, text);
    const [other] = (await notificationsOf(withEmoji.provider)).page.items.filter((n) => n.kind === 'message_received');
    expect(other!.excerpt).toBe(`${'b'.repeat(137)}😀…`);
  });

  it('stores half an emoji (a lone surrogate, valid in JSON) as U+FFFD instead of refusing the message', async () => {
    const { provider, customer, bookingId } = await conversation();
    const res = await inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/messages`,
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: '{"body":"Broken \\ud83d text and \\ude00 too"}',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().body).toBe('Broken \uFFFD text and \uFFFD too');
    expect((await page(provider, bookingId)).items[0]!.body).toBe('Broken \uFFFD text and \uFFFD too');
    const [note] = (await notificationsOf(provider)).page.items.filter((n) => n.kind === 'message_received');
    expect(note!.excerpt).toBe('Broken \uFFFD text and \uFFFD too');
  });

  it('gives the author no notification for their own message', async () => {
    const { provider, customer, bookingId } = await conversation();
    const before = await notificationsOf(customer);
    await sent(customer, bookingId, 'Just me talking.');
    await sent(customer, bookingId, 'Still me.');
    const after = await notificationsOf(customer);
    expect(after.page.items.map((n) => n.id)).toEqual(before.page.items.map((n) => n.id));
    expect(after.page.unread).toBe(before.page.unread);
    expect((await notificationsOf(provider)).page.items.filter((n) => n.kind === 'message_received')).toHaveLength(2);
  });

  it('reading the conversation clears the reader’s message notifications of that booking only', async () => {
    const { provider, customer, serviceId, bookingId } = await conversation();
    const other = (await book(t.app, customer, serviceId))._id;
    await sent(customer, bookingId, 'One');
    await sent(customer, bookingId, 'Two');
    await sent(customer, other, 'About the other booking');
    // The provider also has their booking_requested notifications (two bookings), unread.
    const requested = (await notificationsOf(provider)).page.items.filter((n) => n.kind === 'booking_requested');
    expect(requested).toHaveLength(2);
    expect(await unreadNotifications(provider)).toBe(5);

    expect((await markRead(provider, bookingId)).statusCode).toBe(200);
    expect(await unreadNotifications(provider)).toBe(3);
    const items = (await notificationsOf(provider)).page.items;
    const messageNotes = items.filter((n) => n.kind === 'message_received');
    expect(messageNotes.filter((n) => n.readAt === null).map((n) => n.bookingId)).toEqual([other]);
    expect(messageNotes.filter((n) => n.bookingId === bookingId).every((n) => n.readAt !== null)).toBe(true);
    expect(items.filter((n) => n.kind === 'booking_requested').every((n) => n.readAt === null)).toBe(true);
    // The author's notifications are untouched by the other party's reading.
    expect(await unreadNotifications(customer)).toBe(0);
  });
});

describe('when a conversation closes', () => {
  it('turns read-only 30 days after the booking was completed: 409 to write, readOnly to read', async () => {
    const { provider, customer, serviceId } = await conversation();
    const bookingId = (await completedBooking(t.app, provider, customer, serviceId))._id;
    await sent(customer, bookingId, 'Thanks for the repair!');

    await endedDaysAgo(bookingId, 'completed_at', 29);
    expect((await page(customer, bookingId)).readOnly).toBe(false);
    await sent(provider, bookingId, 'You are welcome.');

    await endedDaysAgo(bookingId, 'completed_at', 31);
    for (const user of [customer, provider]) {
      const res = await send(user, bookingId, 'One more thing');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: en.conversationClosed });
      const closed = await page(user, bookingId);
      expect(closed.readOnly).toBe(true);
      expect(closed.items.map((m) => m.body)).toEqual(['You are welcome.', 'Thanks for the repair!']);
    }
    const bangla = await send(customer, bookingId, 'Hello', { 'accept-language': 'bn' });
    expect(bangla.json()).toEqual({ error: bn.conversationClosed });
    // Reading still works on a closed conversation; a stranger is still refused with 403, not 409.
    expect((await markRead(provider, bookingId)).statusCode).toBe(200);
    expect((await send(stranger, bookingId, 'Hello')).statusCode).toBe(403);
  });

  it('keeps a cancelled booking’s conversation readable by both, and closes it 30 days after the cancel', async () => {
    const { provider, customer, bookingId } = await conversation();
    await sent(provider, bookingId, 'I cannot come tomorrow, sorry.');
    const cancel = await inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: customer.auth });
    expect(cancel.statusCode).toBe(200);

    for (const user of [customer, provider]) {
      const open = await page(user, bookingId);
      expect(open.readOnly).toBe(false);
      expect(open.items.map((m) => m.body)).toEqual(['I cannot come tomorrow, sorry.']);
    }
    await sent(customer, bookingId, 'No problem, I cancelled it.');

    await endedDaysAgo(bookingId, 'cancelled_at', 29);
    expect((await page(provider, bookingId)).readOnly).toBe(false);
    await endedDaysAgo(bookingId, 'cancelled_at', 31);
    for (const user of [customer, provider]) {
      const closed = await page(user, bookingId);
      expect(closed.readOnly).toBe(true);
      expect(closed.items).toHaveLength(2);
      expect((await send(user, bookingId, 'Hello?')).statusCode).toBe(409);
    }
  });

  it('keeps a working booking’s conversation open', async () => {
    const { provider, customer, bookingId } = await conversation();
    await setStatus(t.app, provider, bookingId, 'working');
    expect((await page(customer, bookingId)).readOnly).toBe(false);
    await sent(customer, bookingId, 'How is it going?');
  });
});

describe('the rate limit', () => {
  it(`answers the ${MESSAGES_PER_MINUTE + 1}st message within a minute with 429, counted per person across bookings`, async () => {
    const { provider, customer, serviceId, bookingId } = await conversation();
    const second = (await book(t.app, customer, serviceId))._id;
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) await sent(customer, i % 2 ? second : bookingId, `Message ${i}`);

    for (const target of [bookingId, second]) {
      const res = await send(customer, target, 'One too many');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: en.messagesTooFast });
    }
    const bangla = await send(customer, bookingId, 'One too many', { 'accept-language': 'bn' });
    expect(bangla.json()).toEqual({ error: bn.messagesTooFast });
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM booking_messages WHERE author_id = ${customer.id}`,
    );
    expect(rows[0]!.n).toBe(MESSAGES_PER_MINUTE);

    // The other party is counted on their own.
    await sent(provider, bookingId, 'I am still allowed to answer.');
    // A minute later (the times of the messages moved back) the customer may write again.
    await t.database.db.execute(
      sql`UPDATE users SET recent_message_times = ARRAY(SELECT t - interval '61 seconds' FROM unnest(recent_message_times) AS t)
          WHERE id = ${customer.id}`,
    );
    await sent(customer, second, 'Back again.');
  });

  it('counts messages sent at once one after the other (never more than the limit)', async () => {
    const { customer, bookingId } = await conversation();
    const results = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE + 5 }, (_, i) => send(customer, bookingId, `Burst ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
