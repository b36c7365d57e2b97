import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createService, newUser, type TestUser } from '../helpers';
import { startInstances, timeUntil, type Instances } from './instances';

/**
 * Three instances with the caches on (micro-cache 5 s, counts 30 s, sessions 10 s) sharing Redis:
 * a change made through one reaches every other at once through the channel, not after the times.
 * The propagation times measured are printed.
 */
let c: Instances;
let owner: TestUser;
let customer: TestUser;
let serviceId: string;
const times: Record<string, number> = {};
beforeAll(async () => {
  c = await startInstances(3);
  [owner, customer] = await Promise.all([newUser(c.apps[0]!), newUser(c.apps[0]!)]);
  serviceId = (await createService(c.apps[0]!, owner, { serviceName: 'Clustered Fridge Repair' }))._id;
});
afterAll(async () => {
  console.log(`propagation to every other instance (ms): ${JSON.stringify(times)}`);
  await c?.close();
});

const get = (i: number, url: string, headers: Record<string, string> = {}) =>
  c.apps[i]!.inject({ method: 'GET', url, headers });

describe('one Redis channel for three instances', () => {
  it('a logout through one instance is refused by every other within 1 s', async () => {
    const session = await newUser(c.apps[0]!);
    const firebase = { authorization: `Bearer ${session.idToken}` };
    // Every instance has the session cached, and instance 2 the person's Firebase revocation time.
    for (const i of [0, 1, 2]) expect((await get(i, '/api/users/me', session.auth)).statusCode).toBe(200);
    expect((await get(2, '/api/users/me', firebase)).statusCode).toBe(200);
    // Firebase keeps revocation times in whole seconds: a token signed in the second of the logout stays valid.
    await new Promise((r) => setTimeout(r, 1100));
    const res = await c.apps[0]!.inject({ method: 'POST', url: '/api/auth/logout', headers: session.auth });
    expect(res.statusCode).toBe(200);
    // The session token, and the Firebase ID token as bearer (instance 2 reads the revocation time again).
    times.logout = await timeUntil(async () => {
      const codes = await Promise.all([
        ...[1, 2].map(async (i) => (await get(i, '/api/users/me', session.auth)).statusCode),
        get(2, '/api/users/me', firebase).then((r) => r.statusCode),
      ]);
      return codes.every((s) => s === 401);
    });
    expect(times.logout).toBeLessThan(1000);
  });

  it('a paused service leaves every instance’s public list and search within 1 s', async () => {
    const listed = async (i: number) => {
      const [list, search] = await Promise.all([
        get(i, '/api/services?search=clustered'),
        get(i, '/api/search/clustered'),
      ]);
      return {
        list: (list.json() as { services: { _id: string }[] }).services.some((s) => s._id === serviceId),
        search: (search.json() as { _id: string }[]).some((s) => s._id === serviceId),
      };
    };
    for (const i of [1, 2]) expect(await listed(i)).toEqual({ list: true, search: true }); // now micro-cached there
    const paused = await c.apps[0]!.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}`,
      headers: owner.auth,
      payload: { status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    times.pause = await timeUntil(async () => {
      const all = await Promise.all([1, 2].map(listed));
      return all.every((r) => !r.list && !r.search);
    });
    expect(times.pause).toBeLessThan(1000);
    await c.apps[0]!.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}`,
      headers: owner.auth,
      payload: { status: 'active' },
    });
  });

  it('a new booking shows in every instance’s counts within 1 s', async () => {
    const total = async (i: number) => (await get(i, '/api/stats')).json<{ totalBookings: number }>().totalBookings;
    const before = await Promise.all([0, 1, 2].map(total)); // cached (30 s counts, 5 s answers)
    expect((await book(c.apps[2]!, customer, serviceId))._id).toBeTruthy();
    times.booking = await timeUntil(async () =>
      (await Promise.all([0, 1].map(total))).every((n, k) => n === before[k]! + 1),
    );
    expect(times.booking).toBeLessThan(1000);
  });
});

describe('the rate limit across instances', () => {
  let limited: Instances;
  beforeAll(async () => {
    limited = await startInstances(3, { RATE_LIMIT_MAX: '9', TRUST_PROXY: '1' });
  });
  afterAll(() => limited?.close());

  it('is one budget per client address, whichever instance answers', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let k = 0; k < 12; k++) {
      // A new URL each time: a micro-cached answer is served before the limiter counts it.
      const res = await limited.apps[k % 3]!.inject({
        method: 'GET',
        url: `/api/services/areas?n=${k}`,
        headers: from('198.51.100.7'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(200), 429, 429, 429]);
    // Another address has its own budget.
    expect(
      (await limited.apps[1]!.inject({ method: 'GET', url: '/api/services/areas', headers: from('198.51.100.8') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('without Redis', () => {
  let cut: Instances;
  beforeAll(async () => {
    // Nothing listens on 6399 here: the instance starts, serves, and says Redis is down.
    cut = await startInstances(1, { REDIS_URL: 'redis://127.0.0.1:6399/0', RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => cut?.close());

  it('keeps serving with local limits and caches off, and reports redis: down while staying ready', async () => {
    const ready = await cut.apps[0]!.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', replica: 'off', redis: 'down', search: 'ok' });
    const statuses: number[] = [];
    for (let k = 0; k < 4; k++)
      statuses.push((await cut.apps[0]!.inject({ method: 'GET', url: `/api/services/areas?n=${k}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(cut.apps[0]!.invalidation.cachesEnabled).toBe(false);
  });
});
