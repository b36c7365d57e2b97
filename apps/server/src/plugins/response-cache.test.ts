import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, createTestApp, newUser, type TestApp, type TestUser } from '../../test/helpers';

let t: TestApp;
let provider: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '60', AGGREGATE_CACHE_SECONDS: '60' });
  provider = await newUser(t.app, { displayName: 'Cache Provider' });
  await createService(t.app, provider, { serviceName: 'First Laptop Repair' });
});
afterAll(() => t.close());

describe('an answer past its time', () => {
  it('is served stale while one request refreshes it', async () => {
    const short = await createTestApp({ RESPONSE_CACHE_SECONDS: '1' });
    try {
      const first = await short.app.inject({ method: 'GET', url: '/api/services/areas' });
      expect(first.headers['x-cache']).toBeUndefined();
      await new Promise((r) => setTimeout(r, 1100));
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => short.app.inject({ method: 'GET', url: '/api/services/areas' })),
      );
      expect(answers.map((a) => a.headers['x-cache'] ?? 'computed').sort()).toEqual([
        'computed',
        'stale',
        'stale',
        'stale',
      ]);
      expect((await short.app.inject({ method: 'GET', url: '/api/services/areas' })).headers['x-cache']).toBe('hit');
    } finally {
      await short.close();
    }
  });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the micro-cache of public answers', () => {
  it('answers a repeated public GET from memory with the same bytes and ETag, and 304 to If-None-Match', async () => {
    const first = await get('/api/services?sort=name');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await get('/api/services?sort=name');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['content-security-policy']).toBeDefined();
    const revalidated = await get('/api/services?sort=name', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('never serves a signed-in caller from it, and marks their answers private', async () => {
    await get('/api/services?area=Dhaka');
    const signedIn = await get('/api/services?area=Dhaka', provider.auth);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('is emptied by a successful change, so the next list shows it', async () => {
    await get('/api/services');
    expect((await get('/api/services')).headers['x-cache']).toBe('hit');
    await createService(t.app, provider, { serviceName: 'Second TV Repair' });
    const after = await get('/api/services');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json()).toMatchObject({ total: 2 });
    expect((await get('/api/services/areas')).json()).toEqual([{ area: 'Dhaka', count: 2 }]);
  });

  it("keeps a paged list's X-Total-Count and Link headers with its body", async () => {
    // The provider's two services (the change above added the second), one a page.
    const url = `/api/providers/${provider.id}/services?limit=1`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toBe(`</api/providers/${provider.id}/services?limit=1&page=2>; rel="next"`);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['x-total-count']).toBe('2');
    expect(second.headers.link).toBe(first.headers.link);
    // An answer without them gets none from the cache.
    await get('/api/services/areas');
    const areas = await get('/api/services/areas');
    expect(areas.headers['x-cache']).toBe('hit');
    expect(areas.headers['x-total-count']).toBeUndefined();
    expect(areas.headers.link).toBeUndefined();
  });

  it('lets one of many simultaneous requests compute an answer, the others wait for it', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/api/services?sort=price-low')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.headers['x-cache'] === undefined)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('keeps answers that are not 200, and routes that are not marked, out of it', async () => {
    await get('/api/services?page=0');
    expect((await get('/api/services?page=0')).headers['x-cache']).toBeUndefined();
    await get('/api/health');
    expect((await get('/api/health')).headers['x-cache']).toBeUndefined();
  });
});
