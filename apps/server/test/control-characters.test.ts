import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedBooking,
  createService,
  createTestApp,
  newUser,
  reviewPayload,
  servicePayload,
  tomorrow,
  type TestApp,
  type TestUser,
} from './helpers';

let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let serviceId: string;
let bookingId: string;

beforeAll(async () => {
  t = await createTestApp();
  provider = await newUser(t.app);
  customer = await newUser(t.app);
  serviceId = (await createService(t.app, provider))._id;
  bookingId = (await completedBooking(t.app, provider, customer, serviceId))._id;
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('NUL and other control characters are refused with 400 in every text input', () => {
  it.each<[string, () => InjectOptions]>([
    ['a search path', () => ({ method: 'GET', url: '/api/search/a%00b' })],
    ['a search path with an escape character', () => ({ method: 'GET', url: '/api/search/a%1Bb' })],
    ['a list search query', () => ({ method: 'GET', url: '/api/services?search=%00' })],
    ['an e-mail path', () => ({ method: 'GET', url: '/api/bookings/user/a%00@example.com', headers: customer.auth })],
    ['an id path', () => ({ method: 'GET', url: `/api/services/${serviceId.slice(0, -1)}%00` })],
    [
      'a service name',
      () => ({
        method: 'POST',
        url: '/api/services',
        headers: provider.auth,
        payload: servicePayload({ serviceName: `Screen${NUL}fix` }),
      }),
    ],
    [
      'a service description',
      () => ({
        method: 'POST',
        url: '/api/services',
        headers: provider.auth,
        payload: servicePayload({ serviceDescription: `Original screens${NUL} fitted fast.` }),
      }),
    ],
    [
      'a provider name',
      () => ({
        method: 'PUT',
        url: `/api/services/${serviceId}`,
        headers: provider.auth,
        payload: { providerName: `Rahim\u0007` },
      }),
    ],
    [
      'an image URL',
      () => ({
        method: 'PUT',
        url: `/api/services/${serviceId}`,
        headers: provider.auth,
        payload: { serviceImage: `https://example.com/a${NUL}.webp` },
      }),
    ],
    [
      'a display name',
      () => ({ method: 'PUT', url: '/api/users/me', headers: customer.auth, payload: { displayName: `Ayesha${NUL}` } }),
    ],
    [
      'a special instruction',
      () => ({
        method: 'POST',
        url: '/api/bookings',
        headers: customer.auth,
        payload: { serviceId, serviceTakingDate: tomorrow(), specialInstruction: `Call${NUL}me` },
      }),
    ],
    [
      'a review title',
      () => ({
        method: 'POST',
        url: '/api/reviews',
        headers: customer.auth,
        payload: reviewPayload(bookingId, { title: `Great${NUL}` }),
      }),
    ],
    [
      'a review comment',
      () => ({
        method: 'POST',
        url: '/api/reviews',
        headers: customer.auth,
        payload: reviewPayload(bookingId, { comment: `Fixed quickly${NUL} and well.` }),
      }),
    ],
  ])('%s', async (_what, request) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.json().error).toMatch(/control characters|must be/);
  });

  it('tab, newline and carriage return stay allowed in long texts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.auth,
      payload: reviewPayload(bookingId, { comment: 'Fixed quickly.\r\n\tWorks perfectly now.' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toBe('Fixed quickly.\r\n\tWorks perfectly now.');
  });
});
