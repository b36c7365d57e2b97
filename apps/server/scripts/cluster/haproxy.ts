import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Debian's HAProxy (package haproxy). */
export const HAPROXY = '/usr/sbin/haproxy';

export interface Backend {
  name: string;
  port: number;
}

export interface HaproxySettings {
  /** Where the configuration, the stats socket and nothing else go. */
  dir: string;
  /** The address and port it listens on. */
  bind: string;
  port: number;
  servers: Backend[];
}

/**
 * The balancer's configuration, as the README's production checklist describes it: round robin
 * over the instances; an instance takes traffic while GET /api/ready answers 200 (checked every
 * 0.5 s, out after 3 failures, back after 2 successes), so a SIGTERM's drain (503 at once) takes it
 * out within 1.5 s, before it closes; a check may take 5 s, so a saturated instance that answers
 * slowly is not taken out (with 2 s, a benchmark against one instance took it out and HAProxy
 * answered 503 to everything); X-Forwarded-For added (the instances run with TRUST_PROXY); an X-Request-Id made unless
 * the client sent one (the instances keep a plain token); a connection refused (an instance gone)
 * is retried up to 3 times on another instance, and every request opens its own connection to an
 * instance (option http-server-close: with kept-alive connections, writes sent just after an
 * instance was killed went out on its dead connections and were lost); a GET whose connection closed without an answer is
 * retried too, a write never (it may have been done). X-Served-By names the instance that answered.
 *
 * Live event streams (GET /api/events, Server-Sent Events) stay open for up to 30 minutes: the
 * client and server timeouts (60 s) count inactivity, and each stream carries a `: ping` comment
 * every 15 s, so an idle stream is not closed (`timeout tunnel` is for upgraded connections, not
 * these). They have a backend of their own, the same instances (their state tracks the checks of
 * `instances`), with `option http-no-delay`: without it HAProxy held each small event back for
 * about 200 ms, waiting to fill a packet (the cluster test measured 170-235 ms behind a stream
 * opened on the instance directly). Elsewhere the default batching stays.
 */
export function haproxyConfig(s: HaproxySettings): string {
  return `# Written by Meramot's cluster tooling (apps/server/scripts/cluster/haproxy.ts).
global
  maxconn 4096
  stats socket ${path.join(s.dir, 'haproxy.sock')} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  timeout check 5s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend meramot
  bind ${s.bind}:${s.port}
  option forwardfor
  unique-id-format %{+X}o%ci-%cp-%fi-%fp-%Ts-%rt-%pid
  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
  use_backend events if { path /api/events }
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  http-request disable-l7-retry unless METH_GET
  # A new connection to an instance per request: one gone is then a refused connection, retried
  # elsewhere, never a dead kept-alive connection on which a write would be lost.
  option http-server-close
  http-response set-header X-Served-By %s
  default-server inter 500 fall 3 rise 2
${s.servers.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}

backend events
  balance roundrobin
  # Each event is sent as it comes (no waiting to fill a packet).
  option http-no-delay
  option http-server-close
  http-response set-header X-Served-By %s
${s.servers.map((b) => `  server ${b.name} 127.0.0.1:${b.port} track instances/${b.name}`).join('\n')}
`;
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** Each server's state as HAProxy sees it (UP, DOWN, ...), from the stats socket. */
  states(): Promise<Record<string, string>>;
  /** Waits until HAProxy sees the named servers `state` (UP or DOWN); returns the milliseconds waited. */
  waitFor(names: string[], state: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

function statsCsv(socketPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let out = '';
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

export async function startHaproxy(s: HaproxySettings): Promise<Haproxy> {
  if (!existsSync(HAPROXY)) {
    throw new Error(`${HAPROXY} is not installed (Debian: apt-get install haproxy).`);
  }
  const file = path.join(s.dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(s));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused ${file}:\n${check.stdout}${check.stderr}`);
  // -db: in the foreground, so it ends with us.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on(
    'data',
    (d: Buffer) => (output += d.toString()).length > 100_000 && (output = output.slice(-50_000)),
  );
  child.stderr!.on(
    'data',
    (d: Buffer) => (output += d.toString()).length > 100_000 && (output = output.slice(-50_000)),
  );
  const socketPath = path.join(s.dir, 'haproxy.sock');
  const states = async () => {
    const csv = await statsCsv(socketPath);
    const result: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const cells = line.split(',');
      if (cells[0] === 'instances' && cells[1] !== 'BACKEND') result[cells[1]!] = cells[17]!.split(' ')[0]!;
    }
    return result;
  };
  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${s.port}`,
    child,
    states,
    async waitFor(names, state, timeoutMs = 30_000) {
      const started = Date.now();
      for (;;) {
        // The stats socket answers once HAProxy is up (with an empty list: as soon as it answers).
        const now = await states().catch(() => null);
        if (now && names.every((n) => now[n] === state)) return Date.now() - started;
        if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${output}`);
        if (Date.now() - started > timeoutMs)
          throw new Error(`HAProxy: ${names.join(', ')} not ${state} within ${timeoutMs} ms (${JSON.stringify(now)})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
  await haproxy.waitFor([], 'UP', 10_000);
  return haproxy;
}
