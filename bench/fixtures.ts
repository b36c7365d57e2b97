/**
 * What `npm run bench` needs from the seeded database, printed as JSON on stdout: signed-in
 * customers (a session opened and signed exactly as `POST /api/auth/firebase-login` does), public
 * service ids and the PostgreSQL server's version. Reads DATABASE_URL and JWT_SECRET like the server.
 * With <bookings> (the messages and streams scenarios, issue 19), also `live`: that many generated
 * bookings open for a conversation, one per customer, and a signed-in session for each of their
 * parties (customers and providers), made in one statement rather than one sign-in each.
 *
 *   node --import tsx bench/fixtures.ts <customers> <services> [<bookings>]
 */
import { sql } from 'drizzle-orm';
import { idSchema, providerPath, servicePath } from '@meramot/shared';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/env';
import { openSession } from '../apps/server/src/auth';

const [customerCount = 50, serviceCount = 2000, bookingCount = 0] = process.argv.slice(2).map(Number);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
const app = await buildApp(config, database);

/**
 * Bookings whose conversation is open (not cancelled, not completed more than 29 days ago) between
 * generated people, one per customer, in random order; a session for each party, inserted in one
 * statement and signed as a sign-in signs it. Pairs index into `people`.
 */
async function liveFixtures(count: number) {
  const rows = await queryRows<{ id: string; customer_id: string; provider_id: string; status: string }>(
    database.db,
    sql`
      SELECT id, customer_id, provider_id, status FROM (
        SELECT DISTINCT ON (b.customer_id) b.id, b.customer_id, b.provider_id, b.status
        FROM bookings b
        JOIN users c ON c.id = b.customer_id AND c.email LIKE '%@bulk.meramot.test'
        JOIN users p ON p.id = b.provider_id AND p.email LIKE '%@bulk.meramot.test'
        WHERE b.cancelled_at IS NULL AND (b.completed_at IS NULL OR b.completed_at > now() - interval '29 days')
        ORDER BY b.customer_id, random()
      ) open ORDER BY random() LIMIT ${count}`,
  );
  const index = new Map<string, number>();
  for (const r of rows) for (const id of [r.customer_id, r.provider_id]) if (!index.has(id)) index.set(id, index.size);
  const sessions = await queryRows<{ id: string; user_id: string; expires_at: Date | string }>(
    database.db,
    sql`
      INSERT INTO sessions (user_id, expires_at)
      SELECT person::uuid, now() + interval '24 hours' FROM json_array_elements_text(${JSON.stringify([...index.keys()])}::json) AS person
      RETURNING id, user_id, expires_at`,
  );
  const people: { id: string; token: string }[] = new Array(index.size);
  for (let i = 0; i < sessions.length; i += 500) {
    await Promise.all(
      sessions.slice(i, i + 500).map(async (s) => {
        const token = await app.signSessionToken(s.user_id, s.id, new Date(s.expires_at));
        people[index.get(s.user_id)!] = { id: s.user_id, token };
      }),
    );
  }
  const pairs = rows.map((r) => ({
    booking: r.id,
    customer: index.get(r.customer_id)!,
    provider: index.get(r.provider_id)!,
    status: r.status,
  }));
  return { people, pairs };
}

try {
  const people = await queryRows<{ id: string; email: string }>(
    database.db,
    sql`
      SELECT id, email FROM users
      WHERE email LIKE 'customer-%@bulk.meramot.test' AND NOT EXISTS (SELECT 1 FROM services s WHERE s.provider_id = users.id)
        -- Room for the bookings scenario under the pending limit (30), run after run.
        AND (SELECT count(*) FROM bookings b WHERE b.customer_id = users.id AND b.status = 'pending') < 10
      ORDER BY random() LIMIT ${customerCount}`,
  );
  const customers = [];
  for (const person of people) {
    const { sessionId, expiresAt } = await openSession(database.db, person.id, 24);
    customers.push({ email: person.email, token: await app.signSessionToken(person.id, sessionId, expiresAt) });
  }
  // A random sample of about serviceCount public ids, read from as many pages as it needs (not the whole table).
  const [{ rows }] = await queryRows<{ rows: number }>(
    database.db,
    sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'services'`,
  );
  const percent = Math.min(100, (150 * serviceCount) / Math.max(1, rows));
  const sampled = await queryRows<{ id: string; name: string; provider_id: string }>(
    database.db,
    sql`SELECT id, service_name AS name, provider_id FROM services TABLESAMPLE SYSTEM (${percent}) WHERE status = 'active' AND deleted_at IS NULL LIMIT ${serviceCount}`,
  );
  const services = sampled.map((r) => r.id);
  // Issue 22: the server-rendered pages of the same services (their canonical addresses, so no
  // redirect answers them) and of their providers.
  const pages = {
    services: sampled.map((r) => servicePath({ _id: r.id, serviceName: r.name })),
    // The bulk seed's provider ids are not all RFC 4122 UUIDs, which the API answers with 400 (and
    // the page with 404): only the valid ones are drawn.
    providers: [...new Set(sampled.map((r) => r.provider_id))]
      .filter((id) => idSchema.safeParse(id).success)
      .map((id) => providerPath(id)),
  };
  const [{ server_version: postgres }] = await queryRows<{ server_version: string }>(
    database.db,
    sql`SHOW server_version`,
  );
  const live = bookingCount > 0 ? await liveFixtures(bookingCount) : undefined;
  process.stdout.write(JSON.stringify({ customers, services, pages, postgres, live }));
} finally {
  await app.close();
  await database.close();
}
