import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { services } from '../src/db/schema';
import { loadConfig, testDatabaseUrl } from '../src/env';
import { EMULATOR_HOST } from '../src/tooling/emulator';
import { signIn, signUp, TEST_PROJECT_ID, type TestIdentity } from './identity';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in memory, or, when TEST_DATABASE_URL is set (or
 * `serverUrl` is given), a new database created on that PostgreSQL server and dropped afterwards.
 */
export async function freshDatabase(
  serverUrl = testDatabaseUrl(),
  poolSize = 12,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: async () => {} };
  }
  const name = `meramot_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // pool.end() resolves before its connections have closed; FORCE would kill them mid-close
      // (an unhandled 57P01 in the test run), so wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The configuration of the suites: the test project on the emulator, no rate limit, no demo data,
 * quiet logs, live streams that end after 0.2 s and, as tests change rows behind the server's back (a revoked session, a count) and
 * read them at once, every cache off (the caches have their own tests). `env` overrides.
 */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
    AGGREGATE_CACHE_SECONDS: '0',
    RESPONSE_CACHE_SECONDS: '0',
    SESSION_CACHE_SECONDS: '0',
    // app.inject waits for the end of an answer: a live stream opened through it ends at once.
    LIVE_STREAM_MAX_SECONDS: '0.2',
    // Ready as soon as the index is built (the warm-up has its own test).
    SEARCH_INDEX_WARM_UP_REQUESTS: '0',
    // Built from the database each time (the snapshot has its own tests).
    SEARCH_INDEX_SNAPSHOT: 'off',
    ...env,
  });
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const config = testConfig(env);
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export interface TestUser extends TestIdentity {
  /** Meramot's session token from /api/auth/firebase-login. */
  token: string;
  id: string;
  auth: { authorization: string };
}

/** A new emulator account, signed in to Meramot. */
export async function newUser(
  app: FastifyInstance,
  options: { displayName?: string; emailVerified?: boolean; email?: string } = {},
): Promise<TestUser> {
  const identity = await signUp(options);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/firebase-login',
    payload: { idToken: identity.idToken },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  return { ...identity, token, id: user.id, auth: { authorization: `Bearer ${token}` } };
}

/** One API call as a test makes it: the caller's bearer token when given, the JSON answer. */
export async function callApi(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  user?: TestUser | null,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A service payload that passes validation; override any field. */
export function servicePayload(overrides: Record<string, unknown> = {}) {
  return {
    serviceName: 'Smartphone Screen Replacement',
    serviceDescription: 'Original-grade screens fitted while you wait, with a 90-day warranty.',
    servicePrice: 1500,
    serviceArea: 'Dhaka',
    serviceImage: 'https://example.com/phone.webp',
    providerName: 'Rahim Uddin',
    providerImage: '',
    ...overrides,
  };
}

export async function createService(app: FastifyInstance, user: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/services',
    headers: user.auth,
    payload: servicePayload(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create service failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; [k: string]: unknown };
}

/** Tomorrow in Asia/Dhaka (a valid service date). */
export function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function book(
  app: FastifyInstance,
  user: TestUser,
  serviceId: string,
  extra: Partial<InjectOptions> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: user.auth,
    payload: { serviceId, serviceTakingDate: tomorrow(), specialInstruction: 'Please call before coming.' },
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; [k: string]: unknown };
}

export async function setStatus(app: FastifyInstance, provider: TestUser, bookingId: string, status: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/bookings/${bookingId}/status`,
    headers: provider.auth,
    payload: { status, serviceStatus: status },
  });
  if (res.statusCode !== 200) throw new Error(`status change failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A booking of the service by the customer, set to completed by the provider (ready for a review). */
export async function completedBooking(
  app: FastifyInstance,
  provider: TestUser,
  customer: TestUser,
  serviceId: string,
) {
  const booking = await book(app, customer, serviceId);
  await setStatus(app, provider, booking._id, 'completed');
  return booking;
}

/** A review payload that passes validation; override any field. */
export function reviewPayload(bookingId: string, overrides: Record<string, unknown> = {}) {
  return { bookingId, rating: 5, comment: 'Fixed quickly and it works perfectly now.', ...overrides };
}

/** The counters of a service row as stored (bookings_count, review_count, rating_total, rating_avg). */
export async function serviceCounters(database: Database, serviceId: string) {
  const [row] = await database.db
    .select({
      bookingsCount: services.bookingsCount,
      reviewCount: services.reviewCount,
      ratingTotal: services.ratingTotal,
      ratingAvg: services.ratingAvg,
    })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!row) throw new Error(`no service row ${serviceId}`);
  return { ...row, ratingAvg: row.ratingAvg == null ? null : Number(row.ratingAvg) };
}

const emulatorAdmin = {
  base: `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`,
  headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
};

/**
 * Links a phone number to the emulator account (as Firebase phone sign-in would), first taking it
 * from any other account of the test project (a number belongs to one account), and answers a
 * fresh ID token of the account carrying it as `phone_number`.
 */
export async function idTokenWithPhone(user: TestIdentity, phoneNumber: string): Promise<string> {
  const { base, headers } = emulatorAdmin;
  const lookup = await fetch(`${base}/projects/${TEST_PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phoneNumber: [phoneNumber] }),
  });
  for (const holder of ((await lookup.json()) as { users?: { localId: string }[] }).users ?? []) {
    if (holder.localId !== user.uid) await removeAccountPhone(holder.localId);
  }
  const res = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: user.uid, phoneNumber, targetProjectId: TEST_PROJECT_ID }),
  });
  if (!res.ok) throw new Error(`Auth Emulator accounts:update (phone): ${res.status} ${await res.text()}`);
  return signIn(user.email, user.password);
}

/** Unlinks the phone number of the emulator account. */
export async function removeAccountPhone(uid: string): Promise<void> {
  const { base, headers } = emulatorAdmin;
  const res = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: uid, deleteProvider: ['phone'], targetProjectId: TEST_PROJECT_ID }),
  });
  if (!res.ok) throw new Error(`Auth Emulator accounts:update (no phone): ${res.status} ${await res.text()}`);
}
