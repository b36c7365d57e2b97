import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, CATEGORIES } from '@meramot/shared';
import { IMAGES_DIR } from '../app';
import { loadConfig } from '../env';
import { EMULATOR_HOST } from '../tooling/emulator';
import { createTestApp, type TestApp } from '../../test/helpers';
import { signIn, TEST_PROJECT_ID } from '../../test/identity';
import type { Db } from '../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_PROVIDERS } from './demo-data';
import { seedDemo, seedDemoIfEmpty, type DemoLogger, type DemoSummary } from './demo';

const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
});

function recordingLogger(): DemoLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // PGlite and node-postgres both answer { rows }; Db's generic result type does not say so.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row!.n);
}

async function tableCounts(db: Db) {
  const [row] = await rows<Record<string, string | number>>(
    db,
    sql`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM services) AS services,
               (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM reviews) AS reviews`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

let t: TestApp;
let db: Db;
let summary: DemoSummary | null;
const log = recordingLogger();

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  summary = await seedDemo(db, config, log);
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database with services in all 8 areas, by at least 8 providers, and logs one summary line', async () => {
    expect(summary).not.toBeNull();
    expect(summary!.accounts).toBe(true);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^Demo data seeded: \d+ services/);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM services`)).toBeGreaterThanOrEqual(40);
    expect(await scalar(db, sql`SELECT count(DISTINCT provider_id) AS n FROM services`)).toBeGreaterThanOrEqual(8);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM services WHERE status = 'paused'`)).toBeGreaterThanOrEqual(2);

    const areas = await t.app.inject({ method: 'GET', url: '/api/services/areas' });
    expect(
      areas
        .json()
        .map((a: { area: string }) => a.area)
        .sort(),
    ).toEqual([...AREAS].sort());
    const prices = await rows<{ min: string; max: string }>(
      db,
      sql`SELECT min(service_price) AS min, max(service_price) AS max FROM services`,
    );
    expect(Number(prices[0]!.min)).toBeGreaterThanOrEqual(300);
    expect(Number(prices[0]!.max)).toBeLessThanOrEqual(15_000);
  });

  it('has at least one public service in every home category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/services/categories' });
    expect(res.statusCode).toBe(200);
    const counts = res.json() as Array<{ key: string; count: number }>;
    expect(counts.map((c) => c.key)).toEqual(CATEGORIES.map((c) => c.key));
    for (const c of counts) expect(c.count, c.key).toBeGreaterThanOrEqual(1);
  });

  it('has bookings in every status, a few cancelled, with times in order and snapshots of the service', async () => {
    const byStatus = await rows<{ status: string; n: string | number }>(
      db,
      sql`SELECT CASE WHEN cancelled_at IS NULL THEN status ELSE 'cancelled' END AS status, count(*) AS n FROM bookings GROUP BY 1`,
    );
    const counts = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
    for (const status of ['pending', 'working', 'completed', 'cancelled'])
      expect(counts[status], status).toBeGreaterThanOrEqual(2);

    const wrong = await scalar(
      db,
      sql`SELECT count(*) AS n FROM bookings b JOIN services s ON s.id = b.service_id
          WHERE b.service_name <> s.service_name OR b.service_image <> s.service_image OR b.price <> s.service_price
             OR b.provider_id <> s.provider_id OR b.customer_id = b.provider_id
             OR b.booked_at < s.created_at OR b.booked_at > now() OR b.booked_at < now() - interval '61 days'
             OR (b.status = 'pending' AND b.started_at IS NOT NULL)
             OR (b.status <> 'pending' AND (b.started_at IS NULL OR b.started_at <= b.booked_at))
             OR (b.status = 'completed' AND (b.completed_at <= b.started_at OR b.completed_at > now()))
             OR (b.cancelled_at IS NOT NULL AND (b.status <> 'pending' OR b.cancelled_at <= b.booked_at))
             OR (s.status = 'paused' AND b.status <> 'completed')`,
    );
    expect(wrong).toBe(0);
  });

  it('has reviews only on completed bookings, by their customer, mostly 4 or 5 stars, within the limits', async () => {
    expect(summary!.reviews).toBeGreaterThanOrEqual(20);
    const wrong = await scalar(
      db,
      sql`SELECT count(*) AS n FROM reviews r JOIN bookings b ON b.id = r.booking_id
          WHERE b.status <> 'completed' OR b.cancelled_at IS NOT NULL OR r.customer_id <> b.customer_id
             OR r.provider_id <> b.provider_id OR r.service_id <> b.service_id OR r.created_at <= b.completed_at
             OR r.created_at > now() OR char_length(r.title) > 100 OR char_length(r.comment) NOT BETWEEN 10 AND 500
             OR r.comment LIKE '%{provider}%'`,
    );
    expect(wrong).toBe(0);
    const high = await scalar(db, sql`SELECT count(*) FILTER (WHERE rating >= 4) * 100 / count(*) AS n FROM reviews`);
    expect(high).toBeGreaterThanOrEqual(70);
  });

  it('keeps bookings_count, rating_total and review_count equal to the rows', async () => {
    const wrong = await scalar(
      db,
      sql`SELECT count(*) AS n FROM services s
          WHERE s.bookings_count <> (SELECT count(*) FROM bookings b WHERE b.service_id = s.id AND b.cancelled_at IS NULL)
             OR s.rating_total <> (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.service_id = s.id)
             OR s.review_count <> (SELECT count(*) FROM reviews r WHERE r.service_id = s.id)
             OR (s.review_count > 0) <> (s.rating_avg IS NOT NULL)`,
    );
    expect(wrong).toBe(0);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM services WHERE bookings_count > 0`)).toBeGreaterThan(20);
  });

  it('tells its history as notifications and opens conversations on the newest bookings', async () => {
    // One notification per booking to its provider, per status change and review, none for anyone else.
    expect(await scalar(db, sql`SELECT count(*) AS n FROM notifications WHERE kind = 'booking_requested'`)).toBe(
      await scalar(db, sql`SELECT count(*) AS n FROM bookings`),
    );
    expect(await scalar(db, sql`SELECT count(*) AS n FROM notifications WHERE kind = 'review_received'`)).toBe(
      await scalar(db, sql`SELECT count(*) AS n FROM reviews`),
    );
    expect(
      await scalar(
        db,
        sql`SELECT count(*) AS n FROM notifications n JOIN bookings b ON b.id = n.booking_id
            WHERE n.user_id NOT IN (b.customer_id, b.provider_id) OR n.user_id = n.actor_id`,
      ),
    ).toBe(0);
    // Recent ones unread, old ones read; no e-mail or SMS for the past.
    expect(await scalar(db, sql`SELECT count(*) AS n FROM notifications WHERE read_at IS NULL`)).toBeGreaterThan(0);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM notifications WHERE read_at IS NOT NULL`)).toBeGreaterThan(0);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM notification_deliveries`)).toBe(0);
    expect(await scalar(db, sql`SELECT count(DISTINCT booking_id) AS n FROM booking_messages`)).toBe(12);
    expect(
      await scalar(
        db,
        sql`SELECT count(*) AS n FROM booking_messages m JOIN bookings b ON b.id = m.booking_id
            WHERE m.author_id NOT IN (b.customer_id, b.provider_id) OR m.created_at < b.booked_at`,
      ),
    ).toBe(0);
  });

  it('points every image at a file that ships with the server', async () => {
    const paths = await rows<{ path: string }>(
      db,
      sql`SELECT service_image AS path FROM services UNION SELECT provider_image FROM services
          UNION SELECT photo_url FROM users UNION SELECT service_image FROM bookings`,
    );
    for (const { path: p } of paths) {
      expect(p, 'image path').toMatch(/^\/images\/[\w\-./]+\.webp$/);
      expect(existsSync(path.join(IMAGES_DIR, p.slice('/images/'.length))), p).toBe(true);
    }
    const res = await t.app.inject({ method: 'GET', url: paths[0]!.path });
    expect(res.statusCode).toBe(200);
    for (const file of ['default-avatar.webp', 'service-placeholder.webp'])
      expect(existsSync(path.join(IMAGES_DIR, file)), file).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const before = await tableCounts(db);
    expect(await seedDemo(db, config, recordingLogger())).toBeNull();
    await seedDemoIfEmpty(db, config, t.app.log);
    expect(await tableCounts(db)).toEqual(before);
  });

  it('lets a demo person sign in with the documented password and exchange the token for a session', async () => {
    const provider = DEMO_PROVIDERS[0]!;
    const login = DEMO_LOGINS.find((l) => l.name === provider.name)!;
    const idToken = await signIn(login.email, DEMO_PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken } });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({
      uid: 'demo-rahim',
      email: login.email,
      displayName: provider.name,
      photoURL: '/images/avatars/rahim-uddin.webp',
      phone: provider.phone,
      emailVerified: true,
    });
    const services = await t.app.inject({
      method: 'GET',
      url: `/api/services/provider/${encodeURIComponent(login.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(services.statusCode).toBe(200);
    expect(services.json().length).toBeGreaterThanOrEqual(3);
    const bookings = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bookings.statusCode).toBe(200);
  });
});

describe('demo seed after the database is emptied', () => {
  const empty = () =>
    db.execute(
      sql`TRUNCATE photos, booking_proposals, booking_reads, booking_messages, notification_deliveries, notifications, reviews, bookings, services, sessions, users`,
    );

  it('reuses the demo accounts that already exist in the emulator', async () => {
    await empty();
    const again = await seedDemo(db, config, recordingLogger());
    expect(again).toMatchObject({ accounts: true, services: summary!.services });
    const [rahim] = await rows<{ firebase_uid: string }>(
      db,
      sql`SELECT firebase_uid FROM users WHERE email = 'rahim@meramot.test'`,
    );
    expect(rahim!.firebase_uid).toBe('demo-rahim');
  });

  it('seeds the rows but no accounts when no emulator is configured, and says so', async () => {
    await empty();
    const recorder = recordingLogger();
    const result = await seedDemo(db, { ...config, firebaseAuthEmulatorHost: undefined }, recorder);
    expect(result).toMatchObject({ accounts: false });
    expect(recorder.lines.join('\n')).toMatch(/need the Firebase Auth Emulator/);
    expect(await scalar(db, sql`SELECT count(*) AS n FROM services`)).toBe(summary!.services);
  });
});
