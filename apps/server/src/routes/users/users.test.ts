import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createService, createTestApp, newUser, type TestApp, type TestUser } from '../../../test/helpers';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await newUser(t.app, { displayName: 'Sadia Islam', emailVerified: true });
});
afterAll(() => t.close());

const me = async (who: TestUser | null = user) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: who ? who.auth : {} });
  return { status: res.statusCode, body: res.json() };
};
const update = async (payload: Record<string, unknown>, who: TestUser | null = user) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers: who ? who.auth : {}, payload });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/users/me', () => {
  it("answers the caller's profile", async () => {
    const res = await me();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      uid: user.uid,
      email: user.email,
      displayName: 'Sadia Islam',
      photoURL: null,
      phone: null,
      emailVerified: true,
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect(await me(null)).toEqual({ status: 401, body: { error: 'Authentication required' } });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('PUT /api/users/me', () => {
  it('saves the display name (trimmed), photo URL and phone, and GET answers them afterwards', async () => {
    const res = await update({
      displayName: '  Sadia Rahman  ',
      photoURL: 'https://example.com/sadia.jpg',
      phone: '01712345678',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      displayName: 'Sadia Rahman',
      photoURL: 'https://example.com/sadia.jpg',
      phone: '01712345678',
    });
    expect((await me()).body).toEqual(res.body);
  });

  it("keeps the photo URL and phone when they are left out (the spec's profile form sends no phone)", async () => {
    const res = await update({ displayName: 'Sadia R.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Sadia R.',
      photoURL: 'https://example.com/sadia.jpg',
      phone: '01712345678',
    });
    const cleared = await update({ displayName: 'Sadia Rahman', photoURL: null, phone: null });
    expect(cleared.body).toMatchObject({ displayName: 'Sadia Rahman', photoURL: null, phone: null });
    await update({ displayName: 'Sadia Rahman', photoURL: 'https://example.com/sadia.jpg', phone: '01712345678' });
  });

  it('treats an empty photo URL or phone as none', async () => {
    const res = await update({ displayName: 'Sadia Rahman', photoURL: '', phone: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ photoURL: null, phone: null });
  });

  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '+8801712345678'],
    ['8801912345678', '8801912345678'],
    ['017-1234-5678', '01712345678'],
    ['017 1234 5678', '01712345678'],
    [' 01312345678 ', '01312345678'],
  ])('accepts the Bangladeshi mobile number %j (stored as %j)', async (phone, stored) => {
    const res = await update({ displayName: 'Sadia Rahman', phone });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe(stored);
    expect((await me()).body.phone).toBe(stored);
  });

  it.each(['0171234567', '017123456789', '01212345678', '+1 555 123 4567', 'call me', '+88017123456'])(
    'answers 400 for the phone %j and keeps the old one',
    async (phone) => {
      await update({ displayName: 'Sadia Rahman', phone: '01812345678' });
      const res = await update({ displayName: 'Sadia Rahman', phone });
      expect(res).toEqual({
        status: 400,
        body: { error: 'Invalid body: phone: Please enter a Bangladeshi mobile number, e.g. 01712345678.' },
      });
      expect((await me()).body.phone).toBe('01812345678');
    },
  );

  it.each([
    ['a missing display name', {}],
    ['an empty display name', { displayName: '' }],
    ['a blank display name', { displayName: '   ' }],
  ])('answers 400 "Display name is required" for %s', async (_what, payload) => {
    const res = await update(payload);
    expect(res).toEqual({ status: 400, body: { error: 'Invalid body: displayName: Display name is required.' } });
    expect((await me()).body.displayName).toBe('Sadia Rahman');
  });

  it.each(['not a url', 'ftp://example.com/a.png', 'javascript:alert(1)', 'example.com/me.jpg'])(
    'answers 400 "Please enter a valid URL" for the photo URL %j',
    async (photoURL) => {
      const res = await update({ displayName: 'Sadia Rahman', photoURL });
      expect(res).toEqual({ status: 400, body: { error: 'Invalid body: photoURL: Please enter a valid URL.' } });
    },
  );

  it('answers 400 for an unknown field: e-mail cannot be changed', async () => {
    const res = await update({ displayName: 'Sadia Rahman', email: 'boss@example.com' });
    expect(res).toEqual({ status: 400, body: { error: 'Invalid body: unknown field email.' } });
    expect((await me()).body.email).toBe(user.email);
  });

  it('answers 401 without a token', async () => {
    expect(await update({ displayName: 'Nobody' }, null)).toEqual({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });
});

describe("the provider's phone and name on bookings", () => {
  it("shows 'Not provided' until the provider sets a phone, then the phone; a renamed customer shows the new name", async () => {
    const [provider, customer] = await Promise.all([
      newUser(t.app, { displayName: 'Tanvir Ahmed' }),
      newUser(t.app, { displayName: 'Mitu Khan' }),
    ]);
    const service = await createService(t.app, provider);
    const booking = await book(t.app, customer, service._id);
    expect(booking.providerPhone).toBe('Not provided');

    const customerView = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: customer.auth });
      return (res.json() as Record<string, unknown>[]).find((b) => b._id === booking._id)!;
    };
    const providerView = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/provider/${encodeURIComponent(provider.email)}`,
        headers: provider.auth,
      });
      return (res.json() as Record<string, unknown>[]).find((b) => b._id === booking._id)!;
    };
    expect(await customerView()).toMatchObject({ providerPhone: 'Not provided' });

    expect((await update({ displayName: 'Tanvir Ahmed', phone: '+880 1712-345678' }, provider)).status).toBe(200);
    // Issue 20: the customer sees the phone once the provider accepts the booking.
    expect(await customerView()).toMatchObject({ providerPhone: 'Not provided' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking._id}/accept`,
      headers: provider.auth,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await customerView()).toMatchObject({ providerPhone: '+8801712345678', providerEmail: provider.email });

    expect((await update({ displayName: 'Mitu Rahman' }, customer)).status).toBe(200);
    expect(await providerView()).toMatchObject({
      userName: 'Mitu Rahman',
      customerName: 'Mitu Rahman',
      providerPhone: '+8801712345678',
    });
  });
});
