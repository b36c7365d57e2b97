import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createService,
  createTestApp,
  newUser,
  servicePayload,
  setStatus,
  type TestApp,
  type TestUser,
} from './helpers';

/** Error sentences in the language Accept-Language asks for: English by default, Bangla for `bn`. */
let t: TestApp;
let provider: TestUser;
let customer: TestUser;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  [provider, customer] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim Uddin' }),
    newUser(t.app, { displayName: 'Ayesha' }),
  ]);
  serviceId = (await createService(t.app, provider))._id;
});
afterAll(() => t?.close());

const inject = async (options: InjectOptions, language?: string) => {
  const res = await t.app.inject({
    ...options,
    headers: { ...options.headers, ...(language ? { 'accept-language': language } : {}) },
  });
  return { status: res.statusCode, error: (res.json() as { error: string }).error, vary: res.headers.vary };
};

describe('error sentences by Accept-Language', () => {
  it('401: English by default and for English, Bangla for bn', async () => {
    const call = { method: 'GET', url: '/api/bookings' } as const;
    expect(await inject(call)).toMatchObject({ status: 401, error: 'Authentication required' });
    expect(await inject(call, 'en-US,en;q=0.9')).toMatchObject({ status: 401, error: 'Authentication required' });
    const bangla = await inject(call, 'bn-BD,bn;q=0.9,en;q=0.8');
    expect(bangla).toMatchObject({ status: 401, error: 'লগইন করা প্রয়োজন' });
    expect(bangla.vary).toContain('Accept-Language');
  });

  it('404: a missing service', async () => {
    const call = { method: 'GET', url: `/api/services/${randomUUID()}` } as const;
    expect((await inject(call)).error).toBe("Service not found. The service you're looking for doesn't exist.");
    expect(await inject(call, 'bn')).toMatchObject({
      status: 404,
      error: 'সার্ভিসটি পাওয়া যায়নি। আপনি যে সার্ভিসটি খুঁজছেন সেটি নেই।',
    });
  });

  it('400: validation names the failing field in both languages', async () => {
    const call = {
      method: 'POST',
      url: '/api/services',
      headers: provider.auth,
      payload: servicePayload({ servicePrice: 50 }),
    } as const;
    const english = await inject(call);
    expect(english.status).toBe(400);
    expect(english.error).toContain('servicePrice: Price must be at least 100');
    const bangla = await inject(call, 'bn');
    expect(bangla.status).toBe(400);
    expect(bangla.error).toBe('অনুরোধের তথ্যে ভুল আছে: servicePrice: দাম কমপক্ষে ৳১০০ হতে হবে।');
  });

  it('403 and 409: booking one’s own service, cancelling a booking the provider started', async () => {
    const own = {
      method: 'POST',
      url: '/api/bookings',
      headers: provider.auth,
      payload: { serviceId, serviceTakingDate: new Date(Date.now() + 2 * 864e5).toISOString().slice(0, 10) },
    } as const;
    expect(await inject(own, 'bn')).toMatchObject({ status: 403, error: 'আপনি নিজের সার্ভিস বুক করতে পারবেন না।' });
    const booking = await book(t.app, customer, serviceId);
    await setStatus(t.app, provider, booking._id, 'working');
    const cancel = { method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: customer.auth } as const;
    expect(await inject(cancel)).toMatchObject({
      status: 409,
      error: 'Only a pending booking can be cancelled; the provider has already started on this one.',
    });
    expect(await inject(cancel, 'bn')).toMatchObject({
      status: 409,
      error: 'শুধু অপেক্ষমাণ বুকিং বাতিল করা যায়; প্রোভাইডার এটির কাজ শুরু করে দিয়েছেন।',
    });
  });
});
