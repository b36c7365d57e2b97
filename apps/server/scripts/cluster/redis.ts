import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** Debian's Redis server (package redis-server). */
export const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether a Redis server answers PING at `url` within a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname || '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // +PONG, or -NOAUTH from a server that wants a password (it answers: REDIS_URL carries the password).
    socket.on('data', (d) => done(/^(\+PONG|-NOAUTH)/.test(d.toString())));
  });
}

export interface RedisHandle {
  url: string;
  /** The redis-server we started, or null when the machine's answered. */
  child: ChildProcess | null;
  stop(): Promise<void>;
}

/**
 * The Redis at `url` when it answers; else a redis-server of our own (Debian's, no persistence) on
 * `fallbackPort`, working in `dir`. Throws a clear message when neither is possible.
 */
export async function ensureRedis(url: string, fallbackPort: number, dir: string): Promise<RedisHandle> {
  if (await redisAnswers(url)) return { url, child: null, stop: async () => {} };
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `No Redis answers at ${url}, and ${REDIS_SERVER} is not installed to start one: ` +
        'set REDIS_URL to a running Redis, or install it (Debian: apt-get install redis-server).',
    );
  }
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(fallbackPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const own = `redis://127.0.0.1:${fallbackPort}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(own))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${fallbackPort}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: own,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
