import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '@meramot/shared';
import { loadConfig } from '../env';
import { createTestApp, type TestApp } from '../../test/helpers';

const PARTNER = 'https://partner.example.com';
let open: TestApp;
let prod: TestApp;

beforeAll(async () => {
  open = await createTestApp({ CORS_ORIGINS: `${PARTNER}, http://localhost:5174` });
  // The identity settings of a real project (no emulator): the production CSP.
  prod = await createTestApp({ FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_AUTH_DOMAIN: 'meramot-prod.firebaseapp.com' });
}, 120_000);
afterAll(async () => {
  await open.close();
  await prod.close();
});

describe('the Content-Security-Policy', () => {
  it('names exact origins in production: the auth domain, apis.google.com and the two Firebase Auth endpoints', async () => {
    const csp = String(
      (await prod.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    const directives = csp.split(';');
    // The theme's inline script by its hash, and nothing else inline.
    const hash = createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64');
    expect(directives).toContain(`script-src 'self' 'sha256-${hash}' https://apis.google.com`);
    expect(directives.find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(directives).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    expect(directives).toContain("frame-src 'self' https://meramot-prod.firebaseapp.com https://apis.google.com");
    expect(directives).toContain("img-src 'self' https: data: blob:");
    expect(csp).not.toContain('*');
    expect(csp).not.toMatch(/\bhttp:/);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with 204, the methods and the headers', async () => {
    const res = await open.app.inject({
      method: 'OPTIONS',
      url: '/api/bookings',
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/DELETE/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/Idempotency-Key/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('adds the origin and the exposed paging headers to an allowed origin’s calls', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { origin: 'http://localhost:5174' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/);
  });

  it('gives no CORS header to another origin, and none to anyone when CORS_ORIGINS is unset', async () => {
    for (const app of [open.app, prod.app]) {
      for (const origin of ['https://evil.example.com', PARTNER.replace('https', 'http')]) {
        if (app === prod.app && origin !== 'https://evil.example.com') continue;
        const pre = await app.inject({
          method: 'OPTIONS',
          url: '/api/bookings',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(pre.headers['access-control-allow-origin']).toBeUndefined();
        const get = await app.inject({ method: 'GET', url: '/api/services', headers: { origin } });
        expect(get.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    const pre = await prod.app.inject({
      method: 'OPTIONS',
      url: '/api/bookings',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves images with Cross-Origin-Resource-Policy: cross-origin (API answers keep same-origin)', async () => {
    const image = await open.app.inject({ method: 'GET', url: '/images/services/ac-1.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await open.app.inject({ method: 'GET', url: '/api/services' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('configuration', () => {
  it('reads CORS_ORIGINS as an allow-list of exact origins, none by default', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-env' }).corsOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: '/tmp/meramot-env', CORS_ORIGINS: 'https://a.example.com, http://localhost:5174/' })
        .corsOrigins,
    ).toEqual(['https://a.example.com', 'http://localhost:5174']);
    for (const bad of ['*', 'https://*.example.com', 'https://a.example.com/path', 'ftp://a.example.com']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/meramot-env', CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });

  it('listens on 127.0.0.1 unless HOST says otherwise; 0.0.0.0 by default in production', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-env' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-env', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/meramot-env' }).host).toBe(
      '0.0.0.0',
    );
  });
});

/** Sends raw bytes to a listening server and answers what comes back before it closes. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.write(request);
  });
}

describe('requests the HTTP parser refuses answer {error} too (a real listening server)', () => {
  it('431 for headers that are too large, 400 for a malformed request', async () => {
    await open.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = open.app.server.address() as AddressInfo;
    const big = await raw(port, `GET /api/services HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request headers are too large.' });
    const bad = await raw(port, 'NOT A REQUEST\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request is malformed.' });
  });
});
