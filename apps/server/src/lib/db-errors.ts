/**
 * Database errors, wherever the driver puts them: node-postgres and PGlite errors carry the
 * SQLSTATE in `code` (and `constraint`), Drizzle wraps them in a DrizzleQueryError whose `cause` is
 * the driver's error, and Node's socket errors (ECONNREFUSED, ...) may come inside an AggregateError.
 */

interface ErrorLike {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Socket and SQLSTATE codes of a database that cannot answer right now (a retry may succeed). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '57014', // query_canceled (statement timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** node-postgres reports a lost or never-made connection by message only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/** The error and everything it wraps (cause chain, AggregateError members), at most a few levels deep. */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  const e = err as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

export interface DatabaseFailure {
  /** The database could not answer (connection refused, lost, timed out, shutting down). */
  unavailable: boolean;
  /** The SQLSTATE or socket code, when there is one. */
  code?: string;
  constraint?: string;
}

/** What a thrown error says about the database, or null when it is not a database error. */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  let found: DatabaseFailure | null = null;
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    const message = typeof e.message === 'string' ? e.message : '';
    if ((code && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(message)) {
      return { unavailable: true, code };
    }
    if (!found && code && SQLSTATE.test(code)) {
      found = { unavailable: false, code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  if (found) return found;
  // A failed query that names no code (Drizzle's wrapper around an unknown driver error).
  if ((err as { name?: string; query?: unknown })?.query !== undefined && (err as Error).name === 'DrizzleQueryError') {
    return { unavailable: false };
  }
  return null;
}
