import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { openDatabase, queryRows, type Database, type Db } from './client';
import { queryPrepared } from './prepared';
import { users } from './schema';

/**
 * queryPrepared: a raw statement answers as it does unnamed, and on a PostgreSQL server it is a
 * named statement of its connection (one name per text); unnamed in a transaction and on a
 * database opened without named statements. PGlite's driver runs every statement unnamed.
 */
describe('queryPrepared', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    // One connection, so the statements it has prepared are the ones pg_prepared_statements lists.
    fresh = await freshDatabase(undefined, 1);
    database = fresh.database;
    db = database.db;
    await db.insert(users).values([
      { firebaseUid: 'p1', email: 'one@example.com', displayName: 'One' },
      { firebaseUid: 'p2', email: 'two@example.com', displayName: null },
    ]);
  });
  afterAll(async () => {
    await database.close();
    await fresh.drop();
  });

  /** A statement with an optional part: two texts. */
  const people = (email: string, named: boolean): SQL =>
    sql`SELECT email, ${named ? sql`display_name` : sql`NULL::text AS display_name`} FROM ${users}
        WHERE email = ${email}`;
  const prepared = async (on: Db) =>
    queryRows<{ name: string; statement: string }>(
      on,
      sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'people_%' ORDER BY statement`,
    );

  it('answers the rows the unnamed statement does, for each text', async () => {
    for (const [email, named] of [
      ['one@example.com', true],
      ['one@example.com', false],
      ['two@example.com', true],
      ['nobody@example.com', true],
    ] as const) {
      expect(await queryPrepared(db, 'people', people(email, named))).toEqual(
        await queryRows(db, people(email, named)),
      );
    }
    expect(await queryPrepared(db, 'people', people('one@example.com', true))).toEqual([
      { email: 'one@example.com', display_name: 'One' },
    ]);
  });

  it('names one statement per text on a PostgreSQL server, and none in a transaction', async () => {
    const before = await prepared(db);
    await queryPrepared(db, 'people', people('two@example.com', false));
    await queryPrepared(db, 'people', people('one@example.com', true));
    const named = await prepared(db);
    if (database.kind === 'postgres') {
      // The two texts of the test before, each under its own name, made once however often run.
      expect(named).toHaveLength(2);
      expect(named).toEqual(before);
      expect(new Set(named.map((s) => s.name)).size).toBe(2);
      expect(named.map((s) => s.statement.includes('NULL::text AS display_name'))).toEqual([true, false]);
    } else {
      expect(named).toEqual([]);
    }
    await db.transaction(async (tx) => {
      expect(await queryPrepared(tx, 'people_tx', people('one@example.com', true))).toHaveLength(1);
    });
    expect(await queryRows(db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'people_tx%'`)).toEqual([]);
  });

  it('names nothing on a database opened without named statements (PgBouncer in transaction mode)', async () => {
    if (!fresh.url) {
      // PGlite: no server to open a second database on; its statements are unnamed (above).
      expect(database.kind).toBe('pglite');
      return;
    }
    const unnamed = openDatabase({ databaseUrl: fresh.url, poolSize: 1, preparedStatements: false, migrate: false });
    const other = await unnamed;
    try {
      expect(await queryPrepared(other.db, 'people', people('one@example.com', true))).toHaveLength(1);
      expect(await prepared(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
