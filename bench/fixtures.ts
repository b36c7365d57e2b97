/**
 * What `npm run bench` needs from the seeded database, printed as JSON on stdout: signed-in
 * customers (a session opened and signed exactly as `POST /api/auth/firebase-login` does), public
 * service ids and the PostgreSQL server's version. Reads DATABASE_URL and JWT_SECRET like the server.
 *
 *   node --import tsx bench/fixtures.ts <customers> <services>
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/env';
import { openSession } from '../apps/server/src/auth';

const [customerCount = 50, serviceCount = 2000] = process.argv.slice(2).map(Number);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
const app = await buildApp(config, database);

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
  const services = (
    await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM services TABLESAMPLE SYSTEM (${percent}) WHERE status = 'active' AND deleted_at IS NULL LIMIT ${serviceCount}`,
    )
  ).map((r) => r.id);
  const [{ server_version: postgres }] = await queryRows<{ server_version: string }>(
    database.db,
    sql`SHOW server_version`,
  );
  process.stdout.write(JSON.stringify({ customers, services, postgres }));
} finally {
  await app.close();
  await database.close();
}
