import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * /api/ready and the search index: 503 `starting` until this instance's index is built and
 * warmed, `late` (ready, the database answering searches) once SEARCH_INDEX_READY_SECONDS have
 * passed since the process started, `off` when the index is turned off. The warm-up's own
 * requests skip the rate limit.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ready = async (app: TestApp['app']) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() as { status: string; search: string } };
};

describe('/api/ready and the search index', () => {
  it('says 503 starting while the instance warms up, then 200 ok; the warm-up spends no request budget', async () => {
    // More warm-up requests than its 5 s budget allows: it runs for the whole budget.
    t = await createTestApp({
      SEARCH_INDEX_READY_SECONDS: '100000',
      SEARCH_INDEX_WARM_UP_REQUESTS: '1000000',
      RATE_LIMIT_MAX: '3',
    });
    const first = await ready(t.app);
    expect(first).toEqual({ status: 503, body: expect.objectContaining({ status: 'starting', search: 'starting' }) });
    // Searches are answered meanwhile (from the index once built, else the database).
    expect((await t.app.inject({ method: 'GET', url: '/api/services?search=screen' })).statusCode).toBe(200);

    const started = Date.now();
    let now = first;
    while (now.status !== 200 && Date.now() - started < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await ready(t.app);
    }
    expect(now).toEqual({ status: 200, body: expect.objectContaining({ status: 'ready', search: 'ok' }) });

    // Hundreds of warm-up requests went through the app, yet a client's budget of 3 is whole:
    // the search above took 1, this takes the 2nd.
    const res = await t.app.inject({ method: 'GET', url: '/api/services' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('1');
  }, 120_000);

  it('says 200 late once SEARCH_INDEX_READY_SECONDS have passed without a warm index', async () => {
    t = await createTestApp({ SEARCH_INDEX_READY_SECONDS: '0', SEARCH_INDEX_WARM_UP_REQUESTS: '1000000' });
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', search: 'late' }),
    });
  }, 120_000);

  it('says 200 ok at once without a warm-up, and off with the index turned off', async () => {
    t = await createTestApp();
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', search: 'ok' }),
    });
    await t.close();
    t = undefined;
    t = await createTestApp({ SEARCH_INDEX: 'off' });
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', search: 'off' }),
    });
  }, 120_000);
});
