import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { connectPostgres, queryRows, type Database, type Db } from '../db/client';
import { notificationDeliveries, users } from '../db/schema';
import { startMailSink, type MailSink } from '../tooling/mail-sink';
import { book, createService, freshDatabase, newUser, testConfig, type TestUser } from '../../test/helpers';
import { notificationsFor } from './events';
import { createMailer } from './mailer';
import { createOutbox, MAX_ATTEMPTS } from './outbox';
import { settingsLinkTokens, shortLinkRefs } from './settings';
import { createSmsSender } from './sms';
import { renderEmail, renderSms } from './templates';

/** A local stand-in for the Bangladeshi SMS gateway: keeps every form it is sent. */
async function smsReceiver() {
  const received: Record<string, string>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":202,"success_message":"ok"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`,
    received,
    close: () => server.close(),
  };
}

let sink: MailSink;
let gateway: Awaited<ReturnType<typeof smsReceiver>>;
let database: Database;
let second: Database | null = null;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let provider: TestUser;
let customer: TestUser;
let serviceId: string;
const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
const silentLog = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 });
  gateway = await smsReceiver();
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.drop;
  // A second pool on the same PostgreSQL database stands for a second instance; PGlite has one connection.
  if (fresh.url) second = connectPostgres({ databaseUrl: fresh.url, poolSize: 4 });
  // This app writes deliveries but drains nothing: the tests drive the outboxes themselves.
  app = await buildApp(
    testConfig({
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      SMS_GATEWAY_URL: gateway.url,
      SMS_API_KEY: 'test-key',
      SMS_SENDER_ID: 'Meramot',
      OUTBOX_WORKER: 'off',
    }),
    database,
  );
  await app.ready();
  [provider, customer] = await Promise.all([
    newUser(app, { displayName: 'Rahim Uddin' }),
    newUser(app, { displayName: 'Karim Hossain' }),
  ]);
  serviceId = (await createService(app, provider, { serviceName: 'AC Servicing' }))._id;
});
afterAll(async () => {
  await app?.close();
  await second?.close();
  await database?.close();
  await drop?.();
  await sink?.close();
  gateway?.close();
});
beforeEach(async () => {
  // A customer may hold only 3 pending bookings of one service: a new one for every test.
  serviceId = (await createService(app, provider, { serviceName: 'AC Servicing' }))._id;
  sink.clear();
  gateway.received.length = 0;
  await database.db.execute(sql`UPDATE notification_deliveries SET status = 'sent' WHERE status = 'pending'`);
});

const outboxOn = (db: Db, smtpUrl = `smtp://127.0.0.1:${sink.smtpPort}`) =>
  createOutbox({
    db,
    mailer: createMailer({ smtpUrl, from: 'Meramot <no-reply@meramot.test>' }),
    sms: createSmsSender({ url: gateway.url, apiKey: 'test-key', senderId: 'Meramot' }),
    publicUrl: 'http://localhost:3000',
    settingsLinks: settingsLinkTokens(secret),
    shortLinks: shortLinkRefs(secret),
    renderEmail,
    renderSms,
    pollMs: 60_000,
    log: silentLog,
  });
const pending = async () =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'pending'`,
    )
  )[0]!.n;

/** Writes `count` notifications to the provider about one booking, as the routes do. */
async function notifyProvider(count: number, bookingId: string) {
  const note = notificationsFor(app.db);
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await note.add(tx, {
        kind: 'message_received',
        bookingId,
        recipientId: provider.id,
        actorId: customer.id,
        data: { serviceName: 'AC Servicing', actorName: 'Karim Hossain', excerpt: `Message ${i}`, role: 'provider' },
      });
    }
  });
}

describe('the outbox', () => {
  it('sends each e-mail exactly once with two instances draining it at the same time', async () => {
    const booking = await book(app, customer, serviceId);
    await notifyProvider(40, booking._id);
    expect(await pending()).toBe(41);
    const a = outboxOn(database.db);
    const b = outboxOn(second?.db ?? database.db);
    for (;;) {
      const [x, y] = await Promise.all([a.drainOnce(), b.drainOnce()]);
      if (x + y === 0) break;
    }
    const mails = sink.messages();
    expect(mails).toHaveLength(41);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(41);
    expect(mails.every((m) => m.to.includes(provider.email))).toBe(true);
    const rows = await database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'sent'));
    expect(rows.filter((r) => r.attempts !== 1 && r.sentAt && Date.now() - r.sentAt.getTime() < 60_000)).toEqual([]);
    expect(await pending()).toBe(0);
  });

  it('retries with backoff after an SMTP failure, then sends once the server is back', async () => {
    const booking = await book(app, customer, serviceId);
    const down = outboxOn(database.db, 'smtp://127.0.0.1:9');
    expect(await down.drainOnce()).toBe(1);
    const [failed] = await database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'pending'));
    expect(failed).toMatchObject({ attempts: 1, channel: 'email' });
    expect(failed!.lastError).toBeTruthy();
    // Next attempt about 5 s later, not at once.
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(2000);
    expect(await down.drainOnce()).toBe(0);

    await database.db.execute(sql`UPDATE notification_deliveries SET next_attempt_at = now() WHERE id = ${failed!.id}`);
    const up = outboxOn(database.db);
    expect(await up.drainOnce()).toBe(1);
    const [sent] = await database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, failed!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(
      sink
        .messages()
        .map((m) => m.subject)
        .join(),
    ).toContain('AC Servicing');
    expect(sink.messages()[0]!.text).toContain(`/service-todo?booking=${booking._id}`);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    await book(app, customer, serviceId);
    await database.db.execute(
      sql`UPDATE notification_deliveries SET attempts = ${MAX_ATTEMPTS - 1} WHERE status = 'pending'`,
    );
    await outboxOn(database.db, 'smtp://127.0.0.1:9').drainOnce();
    const rows = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM notification_deliveries ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.status).toBe('failed');
  });

  it('lets another instance retry a delivery whose instance died mid-send, once its lease ran out', async () => {
    await book(app, customer, serviceId);
    // An instance claims the delivery and dies: the row stays claimed (its lease in the future).
    await queryRows(
      database.db,
      sql`UPDATE notification_deliveries SET attempts = 1, next_attempt_at = now() + interval '120 seconds', locked_until = now() + interval '120 seconds' WHERE status = 'pending'`,
    );
    const other = outboxOn(database.db);
    expect(await other.drainOnce()).toBe(0);
    await database.db.execute(sql`UPDATE notification_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);
    expect(await other.drainOnce()).toBe(1);
    expect(sink.messages()).toHaveLength(1);
  });

  it('sends an SMS through the gateway to a verified number, in the recipient’s language', async () => {
    await database.db
      .update(users)
      .set({ smsPhone: '+8801712345678', language: 'bn' })
      .where(eq(users.id, provider.id));
    try {
      await book(app, customer, serviceId);
      await outboxOn(database.db).drainOnce();
      expect(gateway.received).toHaveLength(1);
      expect(gateway.received[0]).toMatchObject({ number: '8801712345678', senderid: 'Meramot', api_key: 'test-key' });
      expect(gateway.received[0]!.message).toMatch(/[\u0980-\u09FF]/);
      expect(gateway.received[0]!.message).toContain('AC Servicing');
      // The SMS carries a short link that redirects to the booking.
      const link = /http:\/\/localhost:3000(\/n\/\S+)/.exec(gateway.received[0]!.message ?? '')![1]!;
      const redirect = await app.inject({ method: 'GET', url: link });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toMatch(/^\/service-todo\?booking=/);
      const forged = await app.inject({ method: 'GET', url: link!.replace(/\.\S{10}$/, '.AAAAAAAAAA') });
      expect(forged.headers.location).toBe('/notifications');
      const mail = sink.messages()[0]!;
      expect(mail.subject).toMatch(/[\u0980-\u09FF]/);
      expect(mail.headers['content-language'] ?? 'bn').toContain('bn');
    } finally {
      await database.db.update(users).set({ smsPhone: null, language: 'en' }).where(eq(users.id, provider.id));
    }
  });

  it('shows its backlog and oldest age in /metrics', async () => {
    await book(app, customer, serviceId);
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/meramot_outbox_backlog\{channel="email"\} 1/);
    expect(res.body).toMatch(/meramot_outbox_oldest_seconds\{channel="email"\} \d/);
  });
});

describe('an instance draining as it runs', () => {
  it('e-mails the provider of a new booking within a few seconds, without waiting for the poll', async () => {
    const running = await buildApp(
      testConfig({ SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`, OUTBOX_POLL_MS: '60000' }),
      database,
    );
    await running.ready();
    try {
      const started = Date.now();
      await book(running, customer, serviceId);
      while (sink.messages().length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
      expect(sink.messages()).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await running.close();
    }
  });
});
