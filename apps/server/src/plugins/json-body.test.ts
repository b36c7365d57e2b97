import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createService, createTestApp, newUser, type TestApp, type TestUser } from '../../test/helpers';

let t: TestApp;
let provider: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  provider = await newUser(t.app);
  customer = await newUser(t.app);
});
afterAll(() => t.close());

const emptyJson = { 'content-type': 'application/json' };

describe('an empty body with Content-Type: application/json is "no body"', () => {
  it('DELETE /api/bookings/{id} cancels, as without the header', async () => {
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${booking._id}`,
      headers: { ...emptyJson, ...customer.auth },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Booking cancelled.', _id: booking._id });
  });

  it('DELETE /api/services/{id} deletes, as without the header', async () => {
    const service = await createService(t.app, provider);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${service._id}`,
      headers: { ...emptyJson, ...provider.auth },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('POST /api/auth/logout logs out, as without the header', async () => {
    const user = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...emptyJson, ...user.auth },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: user.auth });
    expect(after.statusCode).toBe(401);
  });

  it('the token is checked first: a visitor gets 401, not a body error', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/logout'],
      ['DELETE', '/api/services/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/bookings'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: emptyJson, payload: '' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('a route that needs a body answers its validation error, and malformed JSON is still refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...emptyJson, ...customer.auth },
      payload: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid body/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...emptyJson, ...customer.auth },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...emptyJson, ...customer.auth },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(proto.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});
