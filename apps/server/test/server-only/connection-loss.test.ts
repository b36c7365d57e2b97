import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { testDatabaseUrl } from '../../src/env';
import { createService, createTestApp, newUser } from '../helpers';

/**
 * Needs a PostgreSQL server (TEST_DATABASE_URL): the folder test/server-only is in the run on a
 * server only (vitest.config.ts), as PGlite has no connections to end.
 */
const serverUrl = testDatabaseUrl()!;

it('a PostgreSQL server that ends the pool’s connections: keeps the process alive and the next request works (pg_terminate_backend of the idle connections)', async () => {
  const t = await createTestApp();
  try {
    const user = await newUser(t.app);
    await createService(t.app, user);
    // Fill the pool with idle connections.
    await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/services' })));
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const name = row!.name;

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));

    const list = await t.app.inject({ method: 'GET', url: '/api/services' });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
  } finally {
    await t.close();
  }
}, 120_000);
