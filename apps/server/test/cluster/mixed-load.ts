import { servicePayload, tomorrow } from '../helpers';
import { signUp } from '../identity';

/**
 * A client of the real cluster (HAProxy or one instance by its address) and the mixed load of the
 * kill and replica tests. Every request names a client address in X-Forwarded-For (the instances
 * trust two hops: a front proxy, as this test client stands, and HAProxy), each its own, so the
 * rate limit (one budget per address) stays out of the figures as it would for many visitors.
 */

export interface Answer {
  status: number;
  body: string;
  json<T>(): T;
  servedBy: string | null;
}

let clientNumber = 0;
/** A new client address (10.x.y.z), one per call. */
export function someone(): string {
  const n = ++clientNumber;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** One request; a network failure or no answer within 15 s is status 0 with the reason as body. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? someone() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.text();
    return { status: res.status, body, json: <T>() => JSON.parse(body) as T, servedBy: res.headers.get('x-served-by') };
  } catch (err) {
    const reason =
      err instanceof Error
        ? `${err.name}: ${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`
        : String(err);
    return { status: 0, body: reason, json: () => ({}) as never, servedBy: null };
  }
}

export interface Person {
  id: string;
  email: string;
  token: string;
  idToken: string;
}

/** A new Auth Emulator account signed in to Meramot through `base`. */
export async function person(base: string): Promise<Person> {
  const identity = await signUp();
  const res = await call(base, 'POST', '/api/auth/firebase-login', { body: { idToken: identity.idToken } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  const { token, user } = res.json<{ token: string; user: { id: string } }>();
  return { id: user.id, email: identity.email, token, idToken: identity.idToken };
}

/** A service of `provider`, made through `base`. */
export async function service(
  base: string,
  provider: Person,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(base, 'POST', '/api/services', { token: provider.token, body: servicePayload(overrides) });
  if (res.status !== 201) throw new Error(`create service failed: ${res.status} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

export interface Sent {
  op: string;
  status: number;
  /** Milliseconds since the load began: sent, answered. */
  start: number;
  end: number;
  servedBy: string | null;
  body?: string;
}

export interface LoadResult {
  sent: Sent[];
  /** Bookings answered 201 (the id and its customer) and cancels answered 200. */
  booked: { id: string; customer: string }[];
  cancelled: string[];
  /** A signed-in customer's list read right after their own booking was answered 201, without it. */
  missedOwnBooking: { id: string; servedBy: string | null }[];
  /** The moment the load began (performance.now()). */
  t0: number;
}

const WORDS = [
  'phone',
  'screen',
  'laptop',
  'fridge',
  'repair',
  'battery',
  'ac',
  'tv',
  'samsung',
  'dhaka',
  'sylhet',
  'clustered',
];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * `workers` loops for `seconds` through `base`, each a signed-in customer (customers[k % n]):
 * visitors' lists and header searches, service pages, the customer's own bookings, new bookings
 * (each followed at once by the customer's list, which must hold it) and cancels of their oldest
 * pending booking (at most 6 pending each, and what an earlier load left pending is cancelled first,
 * so no pending limit is met). `during` runs alongside
 * (the kill, the stop) and its end does not stop the load.
 */
export async function mixedLoad(options: {
  base: string;
  seconds: number;
  workers: number;
  customers: Person[];
  services: string[];
  during?: (elapsedMs: () => number) => Promise<void>;
}): Promise<LoadResult> {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const result: LoadResult = { sent: [], booked: [], cancelled: [], missedOwnBooking: [], t0 };
  const deadline = options.seconds * 1000;
  const date = tomorrow();
  const send = async (op: string, method: string, path: string, token?: string, body?: unknown) => {
    const start = now();
    const res = await call(options.base, method, path, { token, body });
    const record: Sent = { op, status: res.status, start, end: now(), servedBy: res.servedBy };
    if (res.status < 200 || res.status >= 300) record.body = res.body.slice(0, 300);
    result.sent.push(record);
    return res;
  };

  /**
   * Cancels what the customer left pending in an earlier load (its last bookings, and a cancel that
   * failed as an instance died), unrecorded, so the pending limits (3 per service) are never met.
   */
  const clearPending = async (customer: Person) => {
    const own = await call(options.base, 'GET', '/api/bookings?limit=100', { token: customer.token });
    if (own.status !== 200) return;
    for (const b of own.json<{ _id: string; status: string }[]>()) {
      if (b.status === 'pending')
        await call(options.base, 'DELETE', `/api/bookings/${b._id}`, { token: customer.token });
    }
  };

  const worker = async (k: number) => {
    const customer = options.customers[k % options.customers.length]!;
    if (k < options.customers.length) await clearPending(customer);
    const pending: string[] = [];
    let next = k;
    while (now() < deadline) {
      const r = Math.random();
      if (r < 0.3) {
        await send('list', 'GET', `/api/services?search=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 2)}`);
      } else if (r < 0.45) {
        await send('search', 'GET', `/api/search/${pick(WORDS).slice(0, 2 + Math.floor(Math.random() * 3))}?limit=8`);
      } else if (r < 0.55) {
        await send('service', 'GET', `/api/services/${pick(options.services)}`);
      } else if (r < 0.68) {
        await send('my bookings', 'GET', '/api/bookings', customer.token);
      } else if (r < 0.88 && pending.length < 6) {
        const serviceId = options.services[next++ % options.services.length]!;
        const res = await send('book', 'POST', '/api/bookings', customer.token, { serviceId, serviceTakingDate: date });
        if (res.status !== 201) continue;
        const id = res.json<{ _id: string }>()._id;
        pending.push(id);
        result.booked.push({ id, customer: customer.id });
        const mine = await send('my bookings after booking', 'GET', '/api/bookings', customer.token);
        if (mine.status === 200 && !mine.json<{ _id: string }[]>().some((b) => b._id === id)) {
          result.missedOwnBooking.push({ id, servedBy: mine.servedBy });
        }
      } else if (pending.length > 0) {
        const id = pending[0]!;
        const res = await send('cancel', 'DELETE', `/api/bookings/${id}`, customer.token);
        // Gone from the pending list either way: a failed cancel is not retried (it may have been done).
        pending.shift();
        if (res.status === 200) result.cancelled.push(id);
      }
    }
  };
  const during = options.during?.(now);
  await Promise.all(Array.from({ length: options.workers }, (_, k) => worker(k)));
  await during;
  return result;
}

/** Answers by status, for the printed summary: { "200": n, "201": n, ... }. */
export function byStatus(sent: Sent[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of sent) out[s.status] = (out[s.status] ?? 0) + 1;
  return out;
}
