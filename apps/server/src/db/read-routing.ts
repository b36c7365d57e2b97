import { sql } from 'drizzle-orm';
import { databaseFailure } from '../lib/db-errors';
import type { Db } from './client';

export type ReadTarget = 'replica' | 'primary';

/** After the replica failed, how often it is asked again (in the background) before reads return to it. */
export const REPLICA_RETRY_MS = 5000;

export interface ReadRouterLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

export interface ReadRouter {
  /**
   * Runs `read` on the replica while it answers, else on the primary. A read the replica cannot
   * answer (connection refused, lost, timed out, shutting down) is run again on the primary, so the
   * caller gets its answer either way.
   */
  read<T>(read: (db: Db, target: ReadTarget) => Promise<T>): Promise<T>;
  /** Asks the replica now (`select 1`, for /api/ready), and marks it up or down by the answer. */
  check(): Promise<'ok' | 'down'>;
  /** Whether reads go to the replica now. */
  readonly up: boolean;
  /** Told of each read that the replica failed and the primary answered. */
  onFallback(listener: () => void): void;
  /** Stops asking the replica in the background. */
  close(): void;
}

/**
 * What a failed replica read means: `down`, the replica cannot answer (reads go to the primary
 * until it does); `retry`, only this read failed (a hot standby cancels a query that conflicts with
 * the replay of the primary's changes, SQLSTATE 40001, or a deadlock): run it on the primary;
 * null, an error the primary would give as well (a bad query, a statement timeout), not retried.
 */
function replicaFailure(err: unknown): 'down' | 'retry' | null {
  const failure = databaseFailure(err);
  if (!failure?.unavailable) return null;
  if (failure.code === '40001' || failure.code === '40P01') return 'retry';
  if (failure.code === '57014') return null;
  return 'down';
}

/**
 * Sends reads to the replica and falls back to the primary. Once the replica fails, it is left
 * alone: a background `select 1` every `retryMs` (and each /api/ready check) finds when it answers
 * again, so no visitor waits for a replica that is down. One line is logged when the replica goes
 * down and one when it is back.
 */
export function createReadRouter(options: {
  primary: Db;
  replica: Db;
  log: ReadRouterLog;
  retryMs?: number;
}): ReadRouter {
  const { primary, replica, log } = options;
  const retryMs = options.retryMs ?? REPLICA_RETRY_MS;
  const listeners: Array<() => void> = [];
  let up = true;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const scheduleProbe = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      if (!closed && !up) void check();
    }, retryMs);
    timer.unref();
  };

  const markDown = (err: unknown) => {
    if (up && !closed) {
      up = false;
      log.warn(
        { code: databaseFailure(err)?.code ?? (err as Error)?.message },
        `read replica not answering; visitors' reads go to the primary (asking the replica again every ${retryMs} ms)`,
      );
    }
    scheduleProbe();
  };

  const markUp = () => {
    if (!up && !closed) {
      up = true;
      log.info("read replica answers again; visitors' reads go to it");
    }
  };

  async function check(): Promise<'ok' | 'down'> {
    try {
      await replica.execute(sql`select 1`);
      markUp();
      return 'ok';
    } catch (err) {
      markDown(err);
      return 'down';
    }
  }

  return {
    get up() {
      return up;
    },
    async read(run) {
      if (!up) return run(primary, 'primary');
      try {
        return await run(replica, 'replica');
      } catch (err) {
        const failure = replicaFailure(err);
        if (!failure) throw err;
        if (failure === 'down') markDown(err);
        for (const listener of listeners) listener();
        return run(primary, 'primary');
      }
    },
    check,
    onFallback: (listener) => void listeners.push(listener),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
