import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sessionTokens } from '../../src/auth';
import { childProcessEnv } from '../../src/env';
import { servicePayload, tomorrow } from '../helpers';
import { httpClient, type HttpAnswer } from '../load/http-client';
import { startPostgres } from '../../scripts/cluster/postgres';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server.ts');
const JWT_SECRET = 'faults-secret-that-is-long-enough-for-hs256-signing';

export interface FaultOptions {
  binDir: string;
  /** Load before the database stops, and how long it stays down (seconds). */
  before: number;
  down: number;
  writers: number;
  log?: (line: string) => void;
}

interface Answer extends HttpAnswer {
  kind: 'book' | 'start' | 'health';
  sent: number;
  done: number;
}

export interface FaultReport {
  timeline: {
    stopAsked: number;
    stopped: number;
    first503: number | null;
    restarted: number;
    firstSuccessAfter: number | null;
    end: number;
  };
  byPhase: Record<'before' | 'down' | 'after', Record<number, number>>;
  problems: string[];
  bookings201: number;
  serverAlive: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForHealth(port: number, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited during start-up (${server.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy within 120 s');
}

/** Users and open sessions made in SQL, their tokens signed as the server signs them. */
async function people(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tokens = sessionTokens(JWT_SECRET);
  const out: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (firebase_uid, email, display_name, email_verified) VALUES ($1, $2, $3, true) RETURNING id`,
      [`faults-${i}`, `person-${i}@faults.meramot.test`, `Fault Person ${i}`],
    );
    const expiresAt = new Date(Date.now() + 3600_000);
    const session = await client.query<{ id: string }>(
      `INSERT INTO sessions (user_id, expires_at) VALUES ($1, $2) RETURNING id`,
      [rows[0]!.id, expiresAt],
    );
    out.push({ id: rows[0]!.id, token: await tokens.sign(rows[0]!.id, session.rows[0]!.id, expiresAt) });
  }
  await client.end();
  return out;
}

/**
 * Meramot's server (its own process) on a PostgreSQL server of the test's own, under a write load
 * (bookings, and the provider starting each one); the database is stopped in the middle and started
 * again. Records every answer with its time, for the checks and the timeline.
 */
export async function runFaults(options: FaultOptions): Promise<FaultReport> {
  const log = options.log ?? (() => {});
  const cluster = await startPostgres(options.binDir, await freePort());
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE meramot');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/meramot');
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: childProcessEnv({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      JWT_SECRET,
      SEED_DEMO: 'never',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'error',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      DATA_DIR: os.tmpdir(),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverLog = '';
  server.stdout!.on(
    'data',
    (d: Buffer) => (serverLog += d.toString()).length > 20_000 && (serverLog = serverLog.slice(-10_000)),
  );
  server.stderr!.on(
    'data',
    (d: Buffer) => (serverLog += d.toString()).length > 20_000 && (serverLog = serverLog.slice(-10_000)),
  );
  const client = httpClient(port, options.writers + 2, 15_000);
  const answers: Answer[] = [];
  const t0 = Date.now();
  const now = () => (Date.now() - t0) / 1000;
  try {
    await waitForHealth(port, server);
    const [provider, ...customers] = await people(databaseUrl, options.writers + 1);
    const services: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.request(
        'POST',
        '/api/services',
        provider!.token,
        servicePayload({ serviceName: `Fault Test Repair ${i}` }),
      );
      if (res.status !== 201) throw new Error(`service: ${res.status} ${res.body}`);
      services.push((JSON.parse(res.body) as { _id: string })._id);
    }
    const call = async (kind: Answer['kind'], method: string, url: string, token?: string, body?: unknown) => {
      const sent = now();
      const res = await client.request(method, url, token, body);
      const answer = { ...res, kind, sent, done: now() };
      answers.push(answer);
      return answer;
    };

    const loadStart = now();
    let running = true;
    const writers = customers.map(async (customer, i) => {
      while (running) {
        const res = await call('book', 'POST', '/api/bookings', customer.token, {
          serviceId: services[i % services.length],
          serviceTakingDate: tomorrow(),
        });
        if (res.status === 201) {
          // The provider starts it at once, so the customer stays under the pending-booking limits.
          await call(
            'start',
            'PUT',
            `/api/bookings/${(JSON.parse(res.body) as { _id: string })._id}/status`,
            provider!.token,
            { status: 'working' },
          );
        } else if (res.status >= 500 || res.status === 0) {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    });
    const health = (async () => {
      while (running) {
        await call('health', 'GET', '/api/health');
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    await new Promise((r) => setTimeout(r, options.before * 1000));
    const stopAsked = now();
    log(`  ${stopAsked.toFixed(1)} s: stopping the database (pg_ctl stop -m fast)`);
    await cluster.stop();
    const stopped = now();
    await new Promise((r) => setTimeout(r, options.down * 1000));
    log(`  ${now().toFixed(1)} s: starting the database again`);
    const restartAsked = now();
    await cluster.start();
    const restarted = now();
    // Run on until writes have succeeded again for 3 s (or 30 s pass).
    let firstSuccessAfter: number | null = null;
    for (let i = 0; i < 300; i++) {
      firstSuccessAfter =
        answers
          .filter((a) => a.kind === 'book' && a.sent >= restarted && a.status === 201)
          .map((a) => a.done)
          .sort((a, b) => a - b)[0] ?? null;
      if (firstSuccessAfter !== null && now() > firstSuccessAfter + 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await Promise.all([...writers, health]);
    const end = now();

    const phase = (a: Answer) =>
      a.done < stopped && a.sent < stopped
        ? 'before'
        : a.sent > stopped && a.done < restartAsked
          ? 'down'
          : a.sent > restarted
            ? 'after'
            : null;
    const byPhase: FaultReport['byPhase'] = { before: {}, down: {}, after: {} };
    for (const a of answers) {
      const p = phase(a);
      if (p) byPhase[p][a.status] = (byPhase[p][a.status] ?? 0) + 1;
    }
    const problems: string[] = [];
    if (server.exitCode !== null)
      problems.push(`the server process exited (${server.exitCode}): ${serverLog.slice(-1500)}`);
    const describe = (a: Answer) => `${a.kind} at ${a.sent.toFixed(1)} s → ${a.status} ${a.body.slice(0, 120)}`;
    for (const a of answers) {
      if (a.status === 0) problems.push(`no answer: ${describe(a)}`);
      else if (a.status >= 500 && a.status !== 503) problems.push(`not 503: ${describe(a)}`);
      else if (a.status === 401) problems.push(`signed out by the outage: ${describe(a)}`);
      if (a.done - a.sent > 6) problems.push(`took ${(a.done - a.sent).toFixed(1)} s: ${describe(a)}`);
      if (a.status === 503) {
        if (!(Number(a.headers['retry-after']) > 0)) problems.push(`503 without Retry-After: ${describe(a)}`);
        let body: unknown;
        try {
          body = JSON.parse(a.body);
        } catch {
          body = null;
        }
        if (!body || typeof (body as { error?: unknown }).error !== 'string' || Object.keys(body).length !== 1)
          problems.push(`503 without {error}: ${describe(a)}`);
      }
    }
    const down = answers.filter((a) => phase(a) === 'down');
    if (!down.some((a) => a.kind === 'book')) problems.push('no write was answered while the database was down');
    for (const a of down)
      if (a.status !== 503) problems.push(`answered ${a.status} while the database was down: ${describe(a)}`);
    if (!down.some((a) => a.kind === 'health' && a.status === 503))
      problems.push('/api/health never reported the outage');
    if (firstSuccessAfter === null) problems.push('no booking succeeded within 30 s of the restart');
    const after = answers.filter((a) => firstSuccessAfter !== null && a.sent > firstSuccessAfter);
    for (const a of after) if (a.status >= 500) problems.push(`failed after recovery: ${describe(a)}`);
    if (!answers.some((a) => a.kind === 'book' && a.status === 201 && a.done < stopped && a.sent >= loadStart))
      problems.push('no booking before the stop');

    const created = answers
      .filter((a) => a.kind === 'book' && a.status === 201)
      .map((a) => (JSON.parse(a.body) as { _id: string })._id);
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const { rows } = await check.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bookings WHERE id = ANY($1::uuid[])',
      [created],
    );
    await check.end();
    if (rows[0]!.n !== created.length)
      problems.push(`${created.length - rows[0]!.n} of ${created.length} bookings answered 201 are missing`);
    const serverAlive = server.exitCode === null;
    const first503 =
      answers
        .filter((a) => a.status === 503)
        .map((a) => a.done)
        .sort((a, b) => a - b)[0] ?? null;
    return {
      timeline: { stopAsked, stopped, first503, restarted, firstSuccessAfter, end },
      byPhase,
      problems,
      bookings201: created.length,
      serverAlive,
    };
  } finally {
    client.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await cluster.destroy();
  }
}

export function formatFaults(r: FaultReport): string {
  const t = (v: number | null) => (v === null ? 'never' : `${v.toFixed(2)} s`);
  const fmt = (m: Record<number, number>) =>
    Object.entries(m)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ') || 'none';
  return [
    'database faults, timeline (from the start of the run):',
    `  stop asked (pg_ctl stop -m fast) at ${t(r.timeline.stopAsked)}, database down (pg_ctl returned) at ${t(r.timeline.stopped)}`,
    `  first 503 at ${t(r.timeline.first503)}`,
    `  database started again at ${t(r.timeline.restarted)}`,
    `  first booking answered 201 again at ${t(r.timeline.firstSuccessAfter)}`,
    `  end at ${t(r.timeline.end)}`,
    `  answers before the stop: ${fmt(r.byPhase.before)}; while down: ${fmt(r.byPhase.down)}; after the restart: ${fmt(r.byPhase.after)}`,
    `  bookings answered 201: ${r.bookings201} (all checked in the database); server process alive: ${r.serverAlive}`,
    ...r.problems.slice(0, 20).map((p) => `  FAIL ${p}`),
  ].join('\n');
}
