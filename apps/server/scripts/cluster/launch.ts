import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { childProcessEnv } from '../../src/env';
import { startHaproxy, type Haproxy } from './haproxy';
import { postgresBinDir, postgresTempDir, startPostgres, startReplica, type PostgresServer } from './postgres';
import { ensureRedis, type RedisHandle } from './redis';
import { startServer, waitReady, type ServerProcess } from './server-process';

/**
 * Meramot on several machines, on this one: a PostgreSQL primary and a streaming replica of its
 * own, Redis (the machine's, or a redis-server of its own), `npm run migrate` once, N server
 * instances in processes of their own (each its pool, caches and rate limiter; the primary for
 * writes, the replica for visitors' reads, Redis between them) and HAProxy in front. Used by
 * `npm run cluster`, `npm run bench -- --cluster` and the cluster tests; stop() undoes all of it.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ClusterOptions {
  /** How many server instances (3). */
  instances?: number;
  /** HAProxy's port; 0: a free one. */
  port?: number;
  /** HAProxy's listening address (127.0.0.1). */
  bind?: string;
  /** The Redis to share (redis://127.0.0.1:6379); a redis-server of our own when none answers. */
  redisUrl?: string;
  /** A streaming replica for the visitors' reads (DATABASE_READ_URL); on by default. */
  replica?: boolean;
  /** The PostgreSQL servers' max_connections (100): above instances × DATABASE_POOL_SIZE + a few. */
  maxConnections?: number;
  /** Settings of every instance, over the cluster's own (below). */
  env?: Record<string, string>;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Every line an instance prints. */
  onInstanceLine?: (instance: string, line: string) => void;
  /** Run after the migrations, before the instances start (the benchmark seeds here), with their settings. */
  prepare?: (env: Record<string, string>) => Promise<void>;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** The running process (the last one started), or null before the first start. */
  process: ServerProcess | null;
  /** Starts the instance's process and waits until /api/ready answers 200. */
  start(): Promise<void>;
  /** Sends a signal to the process; resolves with its exit code or signal once it has ended. */
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

export interface Cluster {
  /** HAProxy's address: what a browser or a client uses. */
  url: string;
  dir: string;
  primary: PostgresServer;
  replica: PostgresServer | null;
  /** The application database on the primary, and the same database on the replica. */
  databaseUrl: string;
  readUrl: string | null;
  redis: RedisHandle;
  redisPrefix: string;
  haproxy: Haproxy;
  instances: Instance[];
  /** Every instance's settings (the cluster's own and `env`), e.g. to run a tool on the same database. */
  env: Record<string, string>;
  /** HAProxy over `count` of the instances only (the first ones): the benchmark's 1, 2, 3. */
  balance(count: number): Promise<void>;
  stop(): Promise<void>;
}

function runMigrate(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'migrate', '--silent'], {
      cwd: repoRoot,
      env: childProcessEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run migrate exited ${code}:\n${output}`)),
    );
  });
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

/** Waits until the replica has replayed everything the primary has written so far. */
export async function replicaCaughtUp(primaryUrl: string, replicaUrl: string, timeoutMs = 30_000): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  try {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await replica.query<{ behind: boolean }>('SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [
        rows[0]!.lsn,
      ]);
      if (!r.rows[0]!.behind) return;
      if (Date.now() > deadline) throw new Error('the replica did not catch up with the primary');
      await new Promise((res) => setTimeout(res, 50));
    }
  } finally {
    await Promise.all([primary.end(), replica.end()]);
  }
}

export async function startMeramotCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.instances ?? 3;
  const binDir = postgresBinDir();
  if (!binDir)
    throw new Error(
      'The PostgreSQL server binaries are missing under /usr/lib/postgresql (Debian: apt-get install postgresql).',
    );
  const dir = postgresTempDir('meramot-cluster-');
  const undo: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    undo.length = 0;
  };
  try {
    const maxConnections = options.maxConnections ?? 100;
    const primary = await startPostgres(binDir, await freePort(), { dir, maxConnections });
    undo.push(() => primary.destroy());
    log(`PostgreSQL primary on 127.0.0.1:${primary.port} (${path.join(dir, 'primary')})`);
    const databaseUrl = await createDatabase(primary.url, 'meramot');
    let replica: PostgresServer | null = null;
    if (options.replica ?? true) {
      replica = await startReplica(binDir, primary, await freePort(), dir, { maxConnections });
      undo.push(() => replica!.destroy());
      log(`PostgreSQL streaming replica on 127.0.0.1:${replica.port} (pg_basebackup -R)`);
    }
    const readUrl = replica ? replica.url.replace(/\/postgres$/, '/meramot') : null;

    const redis = await ensureRedis(options.redisUrl ?? 'redis://127.0.0.1:6379', await freePort(), dir);
    undo.push(() => redis.stop());
    log(redis.child ? `Redis: started redis-server on ${redis.url}` : `Redis: ${redis.url}`);
    // Keys and channel of their own, so this cluster shares nothing with others on the same Redis.
    const redisPrefix = `meramot-cluster-${randomUUID().slice(0, 8)}:`;

    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
      DATABASE_POOL_SIZE: '10',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redisPrefix,
      // The release step below ran them; a new instance finds nothing to do anyway.
      MIGRATE_ON_START: 'false',
      // One balancer in front: the client is the address HAProxy adds to X-Forwarded-For.
      TRUST_PROXY: '1',
      // HAProxy takes an instance out after 2 failed checks 0.5 s apart: well within the drain.
      SHUTDOWN_DRAIN_MS: '3000',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const t0 = Date.now();
    await runMigrate(env);
    log(`npm run migrate: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await options.prepare?.(env);

    const instances: Instance[] = [];
    for (let i = 1; i <= count; i++) {
      const port = await freePort();
      const name = `i${i}`;
      const instance: Instance = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        process: null,
        async start() {
          instance.process = startServer(
            port,
            env,
            options.onInstanceLine && ((line) => options.onInstanceLine!(name, line)),
          );
          await waitReady(instance.process, 120_000);
        },
        async kill(signal) {
          const p = instance.process;
          if (!p) return -1;
          if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
          return p.exited;
        },
      };
      instances.push(instance);
    }
    undo.push(async () => {
      await Promise.all(instances.map((i) => i.kill('SIGTERM')));
    });
    const t1 = Date.now();
    await Promise.all(instances.map((i) => i.start()));
    log(
      `${count} instances ready in ${((Date.now() - t1) / 1000).toFixed(1)} s: ${instances.map((i) => `${i.name} :${i.port}`).join(', ')}`,
    );

    const port = options.port || (await freePort());
    const bind = options.bind ?? '127.0.0.1';
    let haproxy = await startHaproxy({ dir, bind, port, servers: instances });
    await haproxy.waitFor(
      instances.map((i) => i.name),
      'UP',
    );
    log(`HAProxy on ${bind}:${port}, round robin over ${count} instances, checks GET /api/ready`);
    const stopHaproxy = async () => haproxy.stop();
    undo.push(stopHaproxy);

    const cluster: Cluster = {
      url: haproxy.url,
      dir,
      primary,
      replica,
      databaseUrl,
      readUrl,
      redis,
      redisPrefix,
      haproxy,
      instances,
      env,
      async balance(n) {
        await haproxy.stop();
        const servers = instances.slice(0, n);
        haproxy = await startHaproxy({ dir, bind, port, servers });
        await haproxy.waitFor(
          servers.map((i) => i.name),
          'UP',
        );
        cluster.haproxy = haproxy;
      },
      stop: stopAll,
    };
    return cluster;
  } catch (err) {
    await stopAll();
    throw err;
  }
}
