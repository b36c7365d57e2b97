import { createHash } from 'node:crypto';
import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** Databases whose connections may not keep named statements (PgBouncer in transaction mode). */
const unnamed = new WeakSet<Db>();

/** Every statement on `db` goes unnamed (parsed per call): DATABASE_PREPARED_STATEMENTS=false. */
export function disableNamedStatements(db: Db): void {
  unnamed.add(db);
}

/**
 * A statement prepared once per database and reused: PostgreSQL parses and plans it once per
 * connection instead of on every call. For hot, fixed-shape queries (the session behind every
 * signed-in call, a person's bookings); not for searches, whose best plan depends on the word.
 * `build` names its statement through `name(...)`, which answers '' (an unnamed statement) on a
 * database opened without named statements: behind PgBouncer in transaction mode consecutive
 * statements may reach different server connections, where a named statement is unknown.
 */
export function preparedPerDb<P>(build: (db: Db, name: (statement: string) => string) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      const named = !unnamed.has(db);
      prepared = build(db, (statement) => (named ? statement : ''));
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();
/** A statement's name by its text: a name stands for one text on a connection. */
const statementNames = new Map<string, string>();
/** Distinct texts named at most (a statement's optional parts make a few each); past it, unnamed. */
const NAMED_TEXTS_MAX = 200;

/**
 * The rows of a raw SQL statement, run as a named statement: PostgreSQL parses it once per
 * connection and, after a few runs, plans it once (a generic plan) instead of on every call. For
 * hot statements of a fixed shape that drizzle's builder cannot express (a chain of CTEs). The name
 * is `name` and a digest of the text, so a statement whose optional parts change its text gets a
 * name per variant. Unnamed on a database opened without named statements, and inside a
 * transaction (behind PgBouncer in transaction mode its server connection is not the one that
 * parsed the statement before).
 */
export async function queryPrepared<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let statement: string | undefined;
  if (!is(db, PgTransaction) && !unnamed.has(db)) {
    statement = statementNames.get(built.sql);
    if (statement === undefined && statementNames.size < NAMED_TEXTS_MAX) {
      statement = `${name}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 12)}`;
      statementNames.set(built.sql, statement);
    }
  }
  const result = await db._.session.prepareQuery(built, undefined, statement, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}
