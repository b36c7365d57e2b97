import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../../test/helpers';
import { signIn, signUp } from '../../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/firebase-login', () => {
  it('verifies the ID token, creates the user from the token and returns a session token', async () => {
    const identity = await signUp({ displayName: 'Karim Hossain', emailVerified: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      // Identity fields in the body are ignored: they come from the verified token.
      payload: { idToken: identity.idToken, uid: 'forged', email: 'boss@example.com', displayName: 'Forged' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      uid: identity.uid,
      email: identity.email,
      displayName: 'Karim Hossain',
      emailVerified: true,
    });
  });

  it('keeps created_at on a second login and updates last login', async () => {
    const identity = await signUp();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: identity.idToken },
    });
    await new Promise((r) => setTimeout(r, 20));
    const again = await signIn(identity.email, identity.password);
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken: again } });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(second.json().user.createdAt).toBe(first.json().user.createdAt);
    expect(new Date(second.json().user.lastLoginAt).getTime()).toBeGreaterThan(
      new Date(first.json().user.lastLoginAt).getTime(),
    );
  });

  it('refuses a forged or malformed token with 401', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ sub: 'x', email: 'x@example.com', aud: 'other-project' })).toString(
      'base64url',
    );
    for (const idToken of ['not-a-token', `${header}.${claims}.`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/invalid or has expired/);
    }
  });

  it('answers 400 naming the field when idToken is missing or has the wrong type, and for unknown fields', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/idToken/);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken: 42 } });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: 'x', admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/unknown field admin/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"idToken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('GET /api/auth/verify and POST /api/auth/logout', () => {
  it('verify answers the user for our token and for a Firebase ID token', async () => {
    const user = await newUser(t.app);
    const ours = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: user.auth });
    expect(ours.statusCode).toBe(200);
    expect(ours.json().user.email).toBe(user.email);
    const firebase = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(firebase.statusCode).toBe(200);
    expect(firebase.json().user.id).toBe(user.id);
  });

  it('verify answers 401 "Authentication required" without a token, with garbage, and with a tampered token', async () => {
    const user = await newUser(t.app);
    const [h, p] = user.token.split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${tampered}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('logout revokes the session: the same token answers 401 afterwards, another session stays open', async () => {
    const user = await newUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase-login',
      payload: { idToken: user.idToken },
    });
    const otherAuth = { authorization: `Bearer ${other.json().token}` };
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: user.auth });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(again.statusCode).toBe(401);
    const stillOpen = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: otherAuth });
    expect(stillOpen.statusCode).toBe(200);
  });

  it('refuses an expired session token', async () => {
    const short = await createTestApp({ SESSION_TTL_HOURS: '0.0003' });
    try {
      const user = await newUser(short.app);
      await new Promise((r) => setTimeout(r, 2200));
      const res = await short.app.inject({ method: 'GET', url: '/api/auth/verify', headers: user.auth });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
