import type { Db } from './client';

/**
 * A statement prepared once per database and reused: PostgreSQL parses and plans it once per
 * connection instead of on every call. For hot, fixed-shape queries (the session behind every
 * signed-in call, a person's bookings); not for searches, whose best plan depends on the word.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
