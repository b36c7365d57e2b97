import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL servers of our own, made with Debian's binaries in a temporary folder: used by
 * `npm run cluster` (a primary and a streaming replica), `npm run bench -- --cluster` and the
 * database-fault suite (`npm run test:faults`). initdb, pg_ctl and pg_basebackup refuse to run as
 * root: as root (CI) they run as the `postgres` user through runuser, and the folder is theirs.
 */

/** Debian's PostgreSQL server binaries (the newest version installed), or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0]!, 'bin') : null;
}

const asRoot = () => process.getuid?.() === 0;

function run(command: string, args: string[]): Promise<void> {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** A temporary folder the PostgreSQL binaries may write in (owned by `postgres` when we are root). */
export function postgresTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication). */
  url: string;
  port: number;
  /** Its data folder. */
  data: string;
  /** pg_ctl start (waits until it accepts connections). */
  start(): Promise<void>;
  /** pg_ctl stop -m fast: sessions are ended, the server shuts down cleanly. */
  stop(): Promise<void>;
  /** Stops it (when running) and removes its folder (the primary's removes the whole temporary folder). */
  destroy(): Promise<void>;
}

export interface ServerSettings {
  /** max_connections (50 by default; a replica needs at least its primary's). */
  maxConnections?: number;
  /** Log file name inside `dir` (server.log by default). */
  logName?: string;
}

function serverHandle(
  binDir: string,
  dir: string,
  data: string,
  port: number,
  settings: ServerSettings,
  removeDir: string,
): PostgresServer {
  const bin = (name: string) => path.join(binDir, name);
  // The socket goes into the folder too, so nothing of the machine's own server is touched.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    `-c max_connections=${settings.maxConnections ?? 50}`,
    // A streaming replica needs these on the primary (they are PostgreSQL's defaults since 10).
    '-c wal_level=replica',
    '-c max_wal_senders=5',
    '-c hot_standby=on',
  ].join(' ');
  const log = path.join(dir, settings.logName ?? 'server.log');
  const start = () => run(bin('pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => run(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    data,
    start,
    stop,
    async destroy() {
      if (existsSync(path.join(data, 'postmaster.pid'))) await stop().catch(() => undefined);
      rmSync(removeDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL server of our own: a data folder in a temporary directory (or `dir`, made by
 * postgresTempDir) on its own port, socket in the same folder, trust authentication (replication
 * connections from 127.0.0.1 included, as initdb writes them), started with pg_ctl.
 */
export async function startPostgres(
  binDir: string,
  port: number,
  settings: ServerSettings & { dir?: string } = {},
): Promise<PostgresServer> {
  const dir = settings.dir ?? postgresTempDir('meramot-pg-');
  const data = path.join(dir, 'primary');
  await run(path.join(binDir, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const server = serverHandle(binDir, dir, data, port, settings, settings.dir ? data : dir);
  await server.start();
  return server;
}

/**
 * A hot-standby streaming replica of `primary` on `port`: `pg_basebackup -R` (a copy of the
 * primary, with standby.signal and primary_conninfo written) into `dir`, then started. It answers
 * reads and follows the primary's writes within milliseconds here.
 */
export async function startReplica(
  binDir: string,
  primary: PostgresServer,
  port: number,
  dir: string,
  settings: ServerSettings = {},
): Promise<PostgresServer> {
  const data = path.join(dir, 'replica');
  await run(path.join(binDir, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
    '--no-sync',
  ]);
  const server = serverHandle(binDir, dir, data, port, { logName: 'replica.log', ...settings }, data);
  await server.start();
  return server;
}
