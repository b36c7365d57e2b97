import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { openSession } from '../../src/auth';
import { queryRows, type Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { loadConfig } from '../../src/env';
import { freshDatabase, servicePayload, tomorrow } from '../helpers';
import { httpClient, type HttpAnswer } from './http-client';
import { checkInvariants, type InvariantResult } from './invariants';

export interface SoakOptions {
  seconds: number;
  connections: number;
  services: number;
  /** A PostgreSQL server to make the soak's own database on; unset: embedded PGlite. */
  serverUrl?: string;
  log?: (line: string) => void;
}

export interface SoakReport {
  database: string;
  seconds: number;
  requests: number;
  byStatus: Record<number, number>;
  byAction: Record<string, Record<number, number>>;
  serverErrors: string[];
  invariants: InvariantResult[];
  bookingsAnswered201: number;
  missingBookings: number;
}

interface Person {
  id: string;
  email: string;
  token: string;
}

async function makePeople(app: FastifyInstance, db: Db, prefix: string, count: number): Promise<Person[]> {
  const run = randomUUID().slice(0, 8);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firebaseUid: `soak-${run}-${prefix}-${i}`,
        email: `${prefix}-${i}-${run}@soak.meramot.test`,
        displayName: `Soak ${prefix} ${i}`,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    rows.map(async (r) => {
      const { sessionId, expiresAt } = await openSession(db, r.id, 24);
      return { ...r, token: await app.signSessionToken(r.id, sessionId, expiresAt) };
    }),
  );
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Many clients over a real socket booking a handful of services, moving statuses (forward and, as a
 * provider might try, backward), cancelling and reviewing at once; then every invariant in SQL.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const { database, drop } = await freshDatabase(options.serverUrl ?? '', 30);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'soak-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
  });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = httpClient((app.server.address() as AddressInfo).port, options.connections);
  const byStatus: Record<number, number> = {};
  const byAction: Record<string, Record<number, number>> = {};
  const serverErrors: string[] = [];
  const created = new Set<string>();
  try {
    const providers = await makePeople(app, database.db, 'provider', options.services);
    const customers = await makePeople(app, database.db, 'customer', options.connections);
    const services: { id: string; provider: Person }[] = [];
    for (const provider of providers) {
      const res = await client.request(
        'POST',
        '/api/services',
        provider.token,
        servicePayload({ providerName: provider.email }),
      );
      if (res.status !== 201) throw new Error(`service: ${res.status} ${res.body}`);
      services.push({ id: (JSON.parse(res.body) as { _id: string })._id, provider });
    }
    /** Bookings the clients know of, newest last (recent ones are picked more, so actions collide). */
    const bookings: { id: string; service: (typeof services)[number]; customer: Person }[] = [];
    const recentBooking = () =>
      bookings[Math.max(0, bookings.length - 1 - Math.floor(Math.random() * Math.min(bookings.length, 30)))];

    const call = async (
      action: string,
      method: string,
      path: string,
      token: string,
      body?: unknown,
    ): Promise<HttpAnswer> => {
      const res = await client.request(method, path, token, body);
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      (byAction[action] ??= {})[res.status] = (byAction[action]![res.status] ?? 0) + 1;
      if (res.status >= 500 || res.status === 0)
        serverErrors.push(`${action} ${method} ${path}: ${res.status} ${res.body.slice(0, 200)}`);
      return res;
    };

    const step = async (customer: Person) => {
      const r = Math.random();
      const target = recentBooking();
      if (r < 0.3 || !target) {
        // Providers book each other's services too (a person is both customer and provider).
        const service = pick(services.filter((s) => s.provider !== customer));
        const res = await call('book', 'POST', '/api/bookings', customer.token, {
          serviceId: service.id,
          serviceTakingDate: tomorrow(),
        });
        if (res.status === 201) {
          const id = (JSON.parse(res.body) as { _id: string })._id;
          created.add(id);
          bookings.push({ id, service, customer });
        }
      } else if (r < 0.42) {
        await call('cancel', 'DELETE', `/api/bookings/${target.id}`, target.customer.token);
      } else if (r < 0.62) {
        await call('status', 'PUT', `/api/bookings/${target.id}/status`, target.service.provider.token, {
          status: pick(['working', 'working', 'completed', 'completed', 'pending']),
        });
      } else if (r < 0.7) {
        // A cancel and a status change of the same booking at the same moment.
        await Promise.all([
          call('cancel', 'DELETE', `/api/bookings/${target.id}`, target.customer.token),
          call('status', 'PUT', `/api/bookings/${target.id}/status`, target.service.provider.token, {
            status: 'working',
          }),
        ]);
      } else if (r < 0.85) {
        const review = {
          bookingId: target.id,
          rating: 1 + Math.floor(Math.random() * 5),
          comment: 'Soak test review, all fine.',
        };
        // Sometimes the same review twice at once: one may land.
        const times = Math.random() < 0.3 ? 2 : 1;
        await Promise.all(
          Array.from({ length: times }, () => call('review', 'POST', '/api/reviews', target.customer.token, review)),
        );
      } else if (r < 0.93) {
        await call('read', 'GET', `/api/services/${pick(services).id}`, customer.token);
      } else {
        await call('read', 'GET', '/api/bookings', customer.token);
      }
    };

    const t0 = Date.now();
    const deadline = t0 + options.seconds * 1000;
    let lastLog = t0;
    await Promise.all(
      [...customers, ...providers].map(async (customer) => {
        while (Date.now() < deadline) {
          await step(customer);
          if (Date.now() - lastLog > 10_000) {
            lastLog = Date.now();
            log(
              `  ${Math.round((lastLog - t0) / 1000)} s: ${Object.values(byStatus).reduce((a, b) => a + b, 0)} requests`,
            );
          }
        }
      }),
    );
    const seconds = (Date.now() - t0) / 1000;

    const invariants = await checkInvariants(database.db);
    const found = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM bookings`);
    const stored = new Set(found.map((f) => f.id));
    const missingBookings = [...created].filter((id) => !stored.has(id)).length;
    return {
      database: database.kind,
      seconds,
      requests: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      byAction,
      serverErrors,
      invariants,
      bookingsAnswered201: created.size,
      missingBookings,
    };
  } finally {
    client.close();
    await app.close();
    await database.close();
    await drop();
  }
}

export function formatSoak(report: SoakReport): string {
  const fmt = (m: Record<number, number>) =>
    Object.entries(m)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  const lines = [
    `soak on ${report.database}: ${report.requests} requests in ${report.seconds.toFixed(1)} s (${Math.round(report.requests / report.seconds)}/s)`,
    `  by status: ${fmt(report.byStatus)}`,
    ...Object.entries(report.byAction).map(([a, m]) => `  ${a}: ${fmt(m)}`),
    `  bookings answered 201: ${report.bookingsAnswered201}, missing afterwards: ${report.missingBookings}`,
    `  invariants: ${report.invariants.length} checked, ${report.invariants.filter((i) => i.violations > 0).length} violated`,
    ...report.invariants.map(
      (i) =>
        `    ${i.violations ? 'FAIL' : 'ok  '} ${i.name} (${i.rows} rows checked${i.violations ? `, ${i.violations} violations` : ''})`,
    ),
    ...report.serverErrors.slice(0, 10).map((e) => `  5xx/network: ${e}`),
  ];
  return lines.join('\n');
}
