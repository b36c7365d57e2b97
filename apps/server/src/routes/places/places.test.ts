import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Places } from '@meramot/shared';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/places', () => {
  it('answers every place with a strong ETag, and 304 to a client that has it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const places = res.json() as Places;
    expect(places.counts.districts).toBe(64);
    const dhaka = places.divisions[0]!.districts.find((d) => d.id === 'dhaka')!;
    expect(dhaka.areas.find((a) => a.id === 'dhaka/mirpur')).toEqual({
      id: 'dhaka/mirpur',
      name: 'Mirpur',
      bn: 'মিরপুর',
      kind: 'city-area',
      spellings: [],
    });
    expect(places.source).toMatch(/bangladesh-geocode/);

    const again = await t.app.inject({ method: 'GET', url: '/api/places', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
