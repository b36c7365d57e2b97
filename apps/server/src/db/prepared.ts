import type { Db } from './client';

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
