import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { signIn } from '../identity';
import { book, completedBooking, createService, newUser, tomorrow } from '../helpers';
import { requestArb, type Credentials, type FuzzRequest } from './fuzz-requests';
import { operationsFrom, type Known } from './openapi-operations';

/** How long a request may go unanswered (the live stream ends after 0.2 s in the tests). */
const NO_ANSWER_MS = 10_000;

/** A stack trace, a source path or a raw exception in an answer. */
export const STACK_PATTERN = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|\bError:|\bat async\b/;

export interface FuzzFailure {
  key: string;
  count: number;
  example: { index: number; label: string; url: string; status: number; body: string };
}

export interface FuzzReport {
  seed: number;
  /** Requests generated (the replay needs the same number). */
  requested: number;
  total: number;
  operations: number;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
  seconds: number;
}

/** What a fuzzed answer must be: never 5xx, never a stack trace, every error a JSON `{ error }` sentence. */
export function checkAnswer(
  method: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string | null {
  if (status >= 500) return `answered ${status}`;
  if (STACK_PATTERN.test(body)) return 'a stack trace or source path in the body';
  if (status < 400 || method === 'HEAD') return null;
  if (!/^application\/json/.test(contentType ?? '')) return `error answer of type ${contentType ?? 'none'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error answer is not JSON';
  }
  const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed) : [];
  if (keys.length !== 1 || keys[0] !== 'error') return `error answer has keys ${JSON.stringify(keys)}`;
  const error = (parsed as { error: unknown }).error;
  if (typeof error !== 'string' || !/[A-Za-z]{2,}.*[A-Za-z]/.test(error) || error.length < 6)
    return 'error is not a sentence';
  return null;
}

/** A signed-in caller with a service, a pending and a completed booking to aim at. */
export async function fuzzFixtures(app: FastifyInstance) {
  const provider = await newUser(app, { displayName: 'Fuzz Provider' });
  const customer = await newUser(app, { displayName: 'Fuzz Customer' });
  const service = await createService(app, provider);
  const pending = await book(app, customer, service._id);
  const completed = await completedBooking(app, provider, customer, service._id);
  const creds: Credentials = {
    session: customer.token,
    providerSession: provider.token,
    firebase: customer.idToken,
    pathValues: {
      id: [service._id, pending._id, completed._id, '00000000-0000-4000-8000-000000000000'],
      '/api/services/provider/{id}:id': [customer.email, provider.email],
      '/api/bookings/user/{id}:id': [customer.email, provider.email],
      '/api/bookings/provider/{id}:id': [customer.email, provider.email],
      '/api/reviews/user/{id}:id': [customer.email, provider.email],
      text: ['phone', 'screen repair', 'মোবাইল'],
    },
  };
  const known: Known = {
    serviceId: () => service._id,
    bookingId: () => completed._id,
    serviceTakingDate: () => tomorrow(),
    idToken: () => customer.idToken,
    rating: () => 5,
    providerEmail: () => undefined,
    serviceImage: () => 'https://example.com/phone.webp',
    imageURL: () => 'https://example.com/phone.webp',
    providerImage: () => 'https://example.com/me.webp',
    photoURL: () => 'https://example.com/me.webp',
    phone: () => '01712345678',
    createdAt: () => new Date().toISOString(),
    updatedAt: () => new Date().toISOString(),
  };
  /** A logout ends the session (and, once revocation is checked, the ID token): sign in afresh. */
  async function renew() {
    for (const person of [customer, provider]) {
      const idToken = await signIn(person.email, person.password);
      const res = await app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken } });
      const token = (res.json() as { token: string }).token;
      if (person === customer) Object.assign(creds, { firebase: idToken, session: token });
      else creds.providerSession = token;
    }
  }
  return { creds, known, renew };
}

/** Builds `total` requests spread over every operation of the OpenAPI document, from `seed`. */
export function fuzzRequests(app: FastifyInstance, total: number, seed: number, creds: Credentials, known: Known) {
  const { operations, resolve } = operationsFrom((app as unknown as { swagger(): unknown }).swagger());
  // Tokens are named here and filled in when sent: a logout during the run replaces them.
  const placeholders: Credentials = {
    ...creds,
    session: '{{session}}',
    providerSession: '{{provider}}',
    firebase: '{{firebase}}',
  };
  const perOp = Math.ceil(total / operations.length);
  const lists = operations.map((op, i) =>
    fc.sample(requestArb(op, placeholders, resolve, known), { seed: seed + i, numRuns: perOp }),
  );
  const requests: FuzzRequest[] = [];
  for (let k = 0; k < perOp; k++) for (const list of lists) if (requests.length < total) requests.push(list[k]!);
  return { operations, requests };
}

/** Sends the requests through `app.inject` (a few at a time), checks every answer, and counts statuses. */
export async function runFuzz(
  app: FastifyInstance,
  options: { total: number; seed: number; only?: number; fixtures: Awaited<ReturnType<typeof fuzzFixtures>> },
): Promise<FuzzReport> {
  const t0 = Date.now();
  const { creds, known, renew } = options.fixtures;
  const { operations, requests } = fuzzRequests(app, options.total, options.seed, creds, known);
  const byStatus: Record<number, number> = {};
  const failures = new Map<string, FuzzFailure>();
  const indexes = options.only !== undefined ? [options.only] : requests.map((_, i) => i);
  const fill = (v: string) =>
    v
      .replace('{{session}}', creds.session)
      .replace('{{provider}}', creds.providerSession)
      .replace('{{firebase}}', creds.firebase);

  for (let start = 0; start < indexes.length; start += 8) {
    const batch = indexes.slice(start, start + 8);
    let loggedOut = false;
    await Promise.all(
      batch.map(async (index) => {
        const req = requests[index]!;
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, fill(v)]));
        const payload = typeof req.payload === 'string' ? fill(req.payload) : req.payload;
        let status: number;
        let body: string;
        let type: string | undefined;
        let timer: NodeJS.Timeout | undefined;
        try {
          // A request that is never answered (a stream that never ends) fails here, with its replay
          // line, instead of stalling the run (or, with nothing else pending, ending it silently).
          const deadline = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${NO_ANSWER_MS / 1000} s`)), NO_ANSWER_MS);
          });
          const res = await Promise.race([
            app.inject({ method: req.method as 'GET', url: req.url, headers, payload }),
            deadline,
          ]);
          status = res.statusCode;
          body = res.body;
          type = res.headers['content-type'] as string | undefined;
        } catch (err) {
          status = 599;
          body = `inject threw: ${(err as Error).message}`;
        } finally {
          clearTimeout(timer);
        }
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (status === 200 && req.method === 'POST' && req.url.startsWith('/api/auth/logout')) loggedOut = true;
        const problem = checkAnswer(req.method, status, type, body);
        if (!problem) return;
        const route = req.url.split('?')[0]!.replace(/\/[^/]{20,}$/, '/…');
        const key = `${req.method} ${route.slice(0, 80)}: ${problem}${status >= 400 ? ` (${body.slice(0, 100)})` : ''}`;
        const seen = failures.get(key);
        if (seen) seen.count++;
        else
          failures.set(key, {
            key,
            count: 1,
            example: { index, label: req.label, url: req.url.slice(0, 200), status, body: body.slice(0, 300) },
          });
      }),
    );
    if (loggedOut) await renew();
  }
  return {
    seed: options.seed,
    requested: options.total,
    total: indexes.length,
    operations: operations.length,
    byStatus,
    failures: [...failures.values()],
    seconds: (Date.now() - t0) / 1000,
  };
}

export function formatReport(report: FuzzReport, replay: string): string {
  const lines = [
    `fuzz: ${report.total} requests over ${report.operations} operations in ${report.seconds.toFixed(1)} s (seed ${report.seed})`,
    `  by status: ${Object.entries(report.byStatus)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  ];
  for (const f of report.failures) {
    lines.push(`  FAIL ×${f.count} ${f.key}`);
    lines.push(`     e.g. #${f.example.index} ${f.example.label}`);
    lines.push(`     answered ${f.example.status} ${f.example.body.slice(0, 200)}`);
    lines.push(`     replay: ${replay} --requests ${report.requested} --seed ${report.seed} --only ${f.example.index}`);
  }
  return lines.join('\n');
}
