import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import {
  createService,
  createTestApp,
  newUser,
  servicePayload,
  tomorrow,
  type TestApp,
  type TestUser,
} from './helpers';

let t: TestApp;
let user: TestUser;
let serviceId: string;
let pausedId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await newUser(t.app);
  serviceId = (await createService(t.app, user))._id;
  const other = await newUser(t.app);
  pausedId = (await createService(t.app, other, { status: 'paused' }))._id;
});
afterAll(() => t.close());

/** Every failure answers JSON with exactly one field, `error`, a sentence without a stack trace. */
function expectErrorBody(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(5);
  expect(body.error).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|Error:/);
  return body.error as string;
}

const json = { 'content-type': 'application/json' };

describe('errors across the API', () => {
  it('an unknown /api route answers a JSON 404 {error}', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/services/x/y'],
      ['PATCH', '/api/services'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(expectErrorBody(res, 404)).toBe(`No route ${method} ${url}.`);
    }
  });

  it(`a body over ${BODY_LIMIT / 1024} KB answers 413 {error}`, async () => {
    const big = JSON.stringify(servicePayload({ serviceDescription: 'x'.repeat(BODY_LIMIT) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { ...json, ...user.auth },
      payload: big,
    });
    expect(expectErrorBody(res, 413)).toBe('The request body is too large.');
    // Just under the limit is read (and then refused by validation for the too-long description).
    const under = JSON.stringify(servicePayload({ serviceDescription: 'x'.repeat(BODY_LIMIT - 1024) }));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { ...json, ...user.auth },
      payload: under,
    });
    expect(expectErrorBody(ok, 400)).toMatch(/serviceDescription: Description must be at most 2000 characters/);
  });

  it('a body that is not JSON answers a 4xx {error}', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { 'content-type': 'application/xml', ...user.auth },
      payload: '<service/>',
    });
    expect(expectErrorBody(xml, 415)).toBe('The request body must be JSON.');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: user.auth,
      payload: 'serviceName=x',
    });
    expect(expectErrorBody(none, 415)).toBe('The request body must be JSON.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { 'content-type': 'text/plain', ...user.auth },
      payload: 'hello',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expectErrorBody(text, text.statusCode);
  });

  it('malformed JSON answers 400 "The request body is not valid JSON."', async () => {
    for (const payload of ['{"serviceName":', '{serviceName: "x"}', '{"__proto__": {"admin": true}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/services',
        headers: { ...json, ...user.auth },
        payload,
      });
      expect(expectErrorBody(res, 400)).toBe('The request body is not valid JSON.');
    }
  });

  it('a malformed %-escape in the address answers 400 {error}, an over-long part 414 {error}', async () => {
    for (const url of ['/api/search/%E0%A6', `/api/services/%zz`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(expectErrorBody(res, 400)).toBe('The address is not valid: it has a malformed %-escape.');
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/search/${'a'.repeat(301)}` });
    expect(expectErrorBody(long, 414)).toBe('A part of the address is too long.');
  });

  it.each<[string, () => InjectOptions, number]>([
    [
      'a body that fails validation',
      () => ({ method: 'POST', url: '/api/services', headers: user.auth, payload: { serviceName: 'x' } }),
      400,
    ],
    ['a query that fails validation', () => ({ method: 'GET', url: '/api/services?limit=1000' }), 400],
    ['a path that fails validation', () => ({ method: 'GET', url: '/api/services/42' }), 400],
    ['a missing token', () => ({ method: 'GET', url: '/api/users/me' }), 401],
    [
      'a forged token',
      () => ({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer a.b.c' } }),
      401,
    ],
    [
      "someone else's list",
      () => ({ method: 'GET', url: '/api/bookings/user/someone@example.com', headers: user.auth }),
      403,
    ],
    ['a missing service', () => ({ method: 'GET', url: `/api/services/${randomUUID()}` }), 404],
    [
      'booking a paused service',
      () => ({
        method: 'POST',
        url: '/api/bookings',
        headers: user.auth,
        payload: { serviceId: pausedId, serviceTakingDate: tomorrow() },
      }),
      409,
    ],
  ])('%s answers exactly {error} with no stack trace', async (_what, request, status) => {
    expectErrorBody(await t.app.inject(request()), status);
  });

  it('too many requests answers 429 {error} with the wait time', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
      }
      const res = await limited.app.inject({ method: 'GET', url: '/api/services' });
      expect(expectErrorBody(res, 429)).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      expect(res.headers['retry-after']).toBeDefined();
      // The health check is exempt, so a load balancer never sees the limit.
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('an update of a service by its provider still works after all of the above', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}`,
      headers: user.auth,
      payload: { status: 'paused' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('paused');
  });
});

describe('authentication comes before validation', () => {
  it.each([
    ['POST', '/api/bookings', {}],
    ['POST', '/api/services', { serviceName: 1 }],
    ['POST', '/api/reviews', { rating: 'five' }],
    ['PUT', `/api/bookings/${randomUUID()}/status`, { status: 'nonsense' }],
    ['PUT', '/api/users/me', {}],
  ] as const)('a visitor sending an invalid body to %s %s gets 401, not 400', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
  });

  it('a validation message ending in a full stop is not doubled up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: user.auth,
      payload: { serviceId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid body: serviceTakingDate: Please select a service date.');
  });
});

describe('GET /api/docs', () => {
  it('answers the Swagger UI page as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
    expect(res.body).toContain('Swagger UI');
  });

  it('GET /api/docs/json answers an OpenAPI document with every call under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Meramot API');
    const expected: Record<string, string[]> = {
      // Spec section 7.
      '/api/auth/firebase-login': ['post'],
      '/api/auth/verify': ['get'],
      '/api/auth/logout': ['post'],
      '/api/services': ['get', 'post'],
      '/api/services/{id}': ['delete', 'get', 'put'],
      '/api/services/provider/{id}': ['get'],
      '/api/search/{text}': ['get'],
      '/api/stats': ['get'],
      '/api/bookings': ['get', 'post'],
      '/api/bookings/user/{id}': ['get'],
      '/api/bookings/provider/{id}': ['get'],
      '/api/bookings/{id}/status': ['put'],
      '/api/bookings/{id}/accept': ['post'],
      '/api/bookings/{id}/decline': ['post'],
      '/api/bookings/{id}/proposals': ['post'],
      '/api/bookings/{id}/proposals/{proposalId}/accept': ['post'],
      '/api/bookings/{id}/proposals/{proposalId}/decline': ['post'],
      '/api/bookings/{id}': ['delete'],
      '/api/bookings/stats': ['get'],
      '/api/reviews/recent': ['get'],
      '/api/reviews/stats': ['get'],
      '/api/reviews': ['post'],
      '/api/reviews/{id}': ['put'],
      '/api/reviews/service/{id}': ['get'],
      '/api/reviews/user/{id}': ['get'],
      // Meramot's additions.
      '/api/services/areas': ['get'],
      '/api/services/places': ['get'],
      '/api/services/categories': ['get'],
      '/api/users/me': ['get', 'put'],
      // A provider's public page (issue 22).
      '/api/providers/{id}': ['get'],
      '/api/providers/{id}/services': ['get'],
      '/api/providers/{id}/reviews': ['get'],
      '/api/health': ['get'],
      '/api/ready': ['get'],
      // Notifications and conversations (docs/notifications.md).
      '/api/notifications': ['get'],
      '/api/notifications/unread-count': ['get'],
      '/api/photos': ['post'],
      '/api/photos/{id}': ['delete'],
      '/api/places': ['get'],
      '/api/notifications/read': ['post'],
      '/api/users/me/notification-settings': ['get', 'put'],
      '/api/users/me/language': ['put'],
      '/api/users/me/sms-phone': ['delete', 'post'],
      '/api/notification-settings/link': ['get', 'put'],
      '/api/bookings/{id}/messages': ['get', 'post'],
      '/api/bookings/{id}/messages/read': ['post'],
      '/api/messages/unread': ['get'],
      '/api/events': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(doc.paths, path).toHaveProperty([path]);
      expect(Object.keys(doc.paths[path]).sort(), path).toEqual(methods);
    }
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(expected).sort());
  });

  it('documents the request body of POST /api/services, and the bearer lock on auth calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths['/api/services'].post;
    const ref: string = post.requestBody.content['application/json'].schema.$ref;
    expect(post.requestBody.required).toBe(true);
    const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'serviceName',
        'serviceDescription',
        'servicePrice',
        'serviceArea',
        'serviceImage',
        'providerName',
        'providerImage',
        'imageURL',
      ]),
    );
    expect(schema.required).toEqual([
      'serviceName',
      'serviceDescription',
      'servicePrice',
      'serviceArea',
      'providerName',
    ]);
    expect(schema.properties.servicePrice.minimum).toBe(100);
    expect(schema.properties.serviceArea.enum).toEqual([
      'Dhaka',
      'Chittagong',
      'Rajshahi',
      'Khulna',
      'Barisal',
      'Sylhet',
      'Rangpur',
      'Mymensingh',
    ]);
    expect(post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/services'].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/Service');
    expect(post.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
  });
});
