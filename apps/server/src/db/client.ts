import path from 'node:path';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema, type Schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The rows of a raw SQL query (both drivers, node-postgres and PGlite, answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// numeric and bigint columns arrive as strings from node-postgres; counts are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens the database: a node-postgres pool when a URL is given, otherwise PGlite stored in
 * `dataDir` (or in memory for `memory://`). Migrations run before it is returned.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let dir = dataDir;
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    dir = path.join(dataDir, 'pglite');
    try {
      if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteDir(dir);
    } catch (err) {
      unlock();
      throw err;
    }
  }
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Creates a new PGlite folder in a temporary place and moves it into place once complete, so a
 * start interrupted during creation never leaves a half-made database behind.
 */
async function createPgliteDir(dir: string): Promise<void> {
  const temp = `${dir}.creating-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const client = await PGlite.create(temp, { extensions: { pg_trgm } });
  await client.close();
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite files can be opened by one process only (a second one aborts). A lock file holding the
 * owner's pid turns that into a clear message; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && processAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another Meramot server (pid ${owner}). Stop it, or set DATA_DIR or DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
