/**
 * What `npm run bench` needs from the seeded database, printed as JSON on stdout: signed-in
 * customers (a session opened and signed exactly as `POST /api/auth/firebase-login` does), public
 * service ids and the search words to use. Reads DATABASE_URL and JWT_SECRET like the server.
 *
 *   node --import tsx bench/fixtures.ts <customers> <services>
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/env';
import { openSession } from '../apps/server/src/routes/auth/auth.service';

const [customerCount = 50, serviceCount = 2000] = process.argv.slice(2).map(Number);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
const app = await buildApp(config, database);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

try {
  const people = rows<{ id: string; email: string }>(
    await database.db.execute(sql`
      SELECT id, email FROM users
      WHERE email LIKE 'customer-%@bulk.meramot.test' AND NOT EXISTS (SELECT 1 FROM services s WHERE s.provider_id = users.id)
      ORDER BY random() LIMIT ${customerCount}`),
  );
  const customers = [];
  for (const person of people) {
    const { sessionId, expiresAt } = await openSession(database.db, person.id, 24);
    customers.push({ email: person.email, token: await app.signSessionToken(person.id, sessionId, expiresAt) });
  }
  const services = rows<{ id: string }>(
    await database.db.execute(sql`
      SELECT id FROM services TABLESAMPLE SYSTEM (5)
      WHERE status = 'active' AND deleted_at IS NULL LIMIT ${serviceCount}`),
  ).map((r) => r.id);
  process.stdout.write(JSON.stringify({ customers, services }));
} finally {
  await app.close();
  await database.close();
}
