import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL server binaries (the newest version installed), or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0]!, 'bin') : null;
}

function run(command: string, args: string[]): Promise<void> {
  // initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

export interface PostgresCluster {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own: a data folder in a temporary directory and its own port
 * (socket in the same folder), started with pg_ctl. `stop` is a fast shutdown (`pg_ctl stop -m fast`).
 */
export async function startCluster(binDir: string, port: number): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meramot-faults-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const bin = (name: string) => path.join(binDir, name);
  await run(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run(bin('pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => run(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
