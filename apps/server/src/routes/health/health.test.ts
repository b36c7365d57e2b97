import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  // The request budget on, to show the health checks are left out of it; a metrics token set;
  // one proxy hop trusted (the balancer's X-Forwarded-For names the client).
  t = await createTestApp({ RATE_LIMIT_MAX: '2', METRICS_TOKEN: 'metrics-token-for-the-tests', TRUST_PROXY: '1' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 {status: ok, database: ok}, outside the request budget', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });
});

describe('GET /api/ready', () => {
  it('answers 200 ready with the database and the search index, and no replica or Redis configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', replica: 'off', redis: 'off', search: 'ok' });
  });

  it('answers 503 draining once the server is stopping, while other calls are still served', async () => {
    t.app.readiness.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining', database: 'ok' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});

describe('request ids', () => {
  it('keeps a plain X-Request-Id and answers it; otherwise makes a UUID', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'haproxy-7f3a:12' },
    });
    expect(kept.headers['x-request-id']).toBe('haproxy-7f3a:12');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const other = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(other.statusCode).toBe(404);
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });
});

describe('behind a balancer (TRUST_PROXY=1)', () => {
  it('counts the request budget per client address from X-Forwarded-For', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/services/areas', headers: from('203.0.113.5') })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same balancer has a budget of its own.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/services/areas', headers: from('203.0.113.6') })).statusCode,
    ).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('requires the token, then answers Prometheus text with requests by route and latency', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-tests' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/ready"\} \d+/);
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('is not served in production without METRICS_TOKEN', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.' });
    } finally {
      await prod.close();
    }
  });
});
