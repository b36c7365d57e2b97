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
import { disableNamedStatements } from './prepared';
import { schema, type Schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool (PostgreSQL server only): its figures go to the metrics. */
  pool?: pg.Pool;
  /**
   * The read replica (DATABASE_READ_URL), never migrated nor written by this server: which reads
   * it answers is decided in plugins/db.ts (db/read-routing.ts).
   */
  replica?: Database;
  /** Closes the pool(s). */
  close(): Promise<void>;
}

/** The rows of a raw SQL query (both drivers, node-postgres and PGlite, answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// numeric and bigint columns arrive as strings from node-postgres; counts are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** How long a request waits for a new connection to the PostgreSQL server before it fails (503), by default. */
export const CONNECT_TIMEOUT_MS = 5000;

/** Key of the advisory lock held while migrations run (any number of instances may start at once). */
export const MIGRATION_LOCK = 4_242_001;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  connectTimeoutMs?: number;
  /** Cancel statements running longer (0 or unset: no limit). */
  statementTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** false: every statement unnamed (PgBouncer in transaction mode). Default true. */
  preparedStatements?: boolean;
  /** false: do not run the migrations (a release step ran them). Default true. */
  migrate?: boolean;
  /** A read replica of `databaseUrl` (PostgreSQL only): opened with the same settings, not migrated. */
  readUrl?: string;
  /** Told when an idle pooled connection is lost (a restart, a failover, pg_terminate_backend), and to which database. */
  onConnectionError?: (err: Error, database: 'primary' | 'replica') => void;
}

/**
 * A node-postgres pool, without migrations. A lost idle connection emits `error` on the pool: it is
 * handled (an unhandled `error` event would end the process), the pool drops that connection and
 * opens a new one on the next query, so the server reconnects by itself.
 */
export function connectPostgres(
  options: Omit<OpenOptions, 'dataDir' | 'migrate' | 'readUrl' | 'onConnectionError'> & {
    databaseUrl: string;
    onConnectionError?: (err: Error) => void;
  },
): Database {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 20,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: options.idleTimeoutMs ?? 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  pool.on('error', (err) => options.onConnectionError?.(err));
  // A connection lost while checked out (between the statements of a transaction, or during a
  // fast shutdown of the server) emits `error` on its client, which the pool does not listen to
  // then: unhandled, that ended the process. The query in flight fails (503) and the pool discards
  // the broken client when it is released.
  pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (options.preparedStatements === false) disableNamedStatements(db);
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/**
 * Adds the read replica's pool to an opened primary. Nothing connects yet: a replica that is down
 * at start does not stop the server (its reads go to the primary until it answers).
 */
export function withReplica(
  primary: Database,
  options: Omit<OpenOptions, 'databaseUrl'> & { readUrl: string },
): Database {
  const replica = connectPostgres({
    ...options,
    databaseUrl: options.readUrl,
    onConnectionError: (err) => options.onConnectionError?.(err, 'replica'),
  });
  return {
    ...primary,
    replica,
    close: async () => {
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}

/**
 * Runs the migrations on one connection holding a session advisory lock: instances that start
 * together wait for the first one, then find nothing left to do (drizzle skips applied migrations).
 * A session lock, not a transaction's, because drizzle's migrator opens its own transaction.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A failed connection is destroyed, which also releases its lock.
    client.release(broken);
  }
}

/**
 * Opens the database: a node-postgres pool when a URL is given, otherwise PGlite stored in
 * `dataDir` (or in memory for `memory://`; PGlite runs in this process, so it has no connection
 * to lose). Migrations run before it is returned.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const { readUrl, onConnectionError } = options;
  if (options.databaseUrl) {
    const database = connectPostgres({
      ...options,
      databaseUrl: options.databaseUrl,
      onConnectionError: (err) => onConnectionError?.(err, 'primary'),
    });
    try {
      if (options.migrate !== false) await migratePostgres(database.pool!);
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
    return readUrl ? withReplica(database, { ...options, readUrl }) : database;
  }
  if (readUrl) throw new Error('A read replica needs a PostgreSQL primary (DATABASE_URL).');
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
