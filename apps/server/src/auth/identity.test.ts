import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../test/helpers';
import { deleteAccount, signIn, signUp, updateAccount } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  // The session cache on, so the tests show that a change to a person is not hidden by it.
  t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const verify = async (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
const login = (idToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('verified claims from every ID token update the stored user', () => {
  it('a Firebase ID token used as bearer brings the name, photo and verified flag up to date, past the session cache', async () => {
    const user = await newUser(t.app);
    expect((await verify(user.token)).json().user).toMatchObject({
      displayName: null,
      photoURL: null,
      emailVerified: false,
    });

    await updateAccount(user.uid, {
      displayName: 'Ayesha Siddiqua',
      photoUrl: 'https://example.com/a.webp',
      emailVerified: true,
    });
    const fresh = await signIn(user.email, user.password);
    const viaIdToken = await verify(fresh);
    expect(viaIdToken.statusCode).toBe(200);
    expect(viaIdToken.json().user).toMatchObject({
      id: user.id,
      displayName: 'Ayesha Siddiqua',
      photoURL: 'https://example.com/a.webp',
      emailVerified: true,
    });
    // Our session token (cached for 60 s) answers the updated person at once.
    expect((await verify(user.token)).json().user).toMatchObject({
      displayName: 'Ayesha Siddiqua',
      emailVerified: true,
    });
  });

  it('firebase-login updates them too, and a token without a name keeps the stored one', async () => {
    const identity = await signUp({ displayName: 'Imran Khan' });
    const first = await login(identity.idToken);
    expect(first.json().user).toMatchObject({ displayName: 'Imran Khan', emailVerified: false });
    await updateAccount(identity.uid, { displayName: 'Imran Hossain', emailVerified: true });
    const second = await login(await signIn(identity.email, identity.password));
    expect(second.json().user).toMatchObject({
      id: first.json().user.id,
      displayName: 'Imran Hossain',
      emailVerified: true,
    });
    expect((await verify(first.json().token)).json().user.displayName).toBe('Imran Hossain');
  });
});

describe('logout ends every way in', () => {
  it("revokes the person's Firebase refresh tokens: their ID token answers 401 afterwards, a new sign-in works", async () => {
    const user = await newUser(t.app);
    expect((await verify(user.idToken)).statusCode).toBe(200);
    // Firebase keeps the revocation time in whole seconds: a token from an earlier second is revoked.
    await sleep(1100);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    const asBearer = await verify(user.idToken);
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json()).toEqual({ error: 'Authentication required' });
    expect((await login(user.idToken)).statusCode).toBe(401);

    // The refresh tokens are revoked in the identity service itself, as another server would read them.
    const elsewhere = await createTestApp();
    try {
      const res = await elsewhere.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(user.idToken) });
      expect(res.statusCode).toBe(401);
    } finally {
      await elsewhere.close();
    }

    await sleep(1100);
    const again = await login(await signIn(user.email, user.password));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);
  }, 120_000);

  it('logout with a Firebase ID token as bearer revokes it as well', async () => {
    const identity = await signUp();
    expect((await verify(identity.idToken)).statusCode).toBe(200);
    await sleep(1100);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(identity.idToken) });
    expect(out.statusCode).toBe(200);
    expect((await verify(identity.idToken)).statusCode).toBe(401);
  });
});

describe('accounts are linked by identity uid, and by e-mail only when it is verified', () => {
  it('a new account with an existing e-mail but unverified gets 409 and does not take over the record', async () => {
    const owner = await newUser(t.app, { displayName: 'Rahim Uddin' });
    await deleteAccount(owner.uid);
    const impostor = await signUp({ email: owner.email, displayName: 'Impostor' });
    const res = await login(impostor.idToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already uses this e-mail address.*Verify your e-mail/);
    const asBearer = await verify(impostor.idToken);
    expect(asBearer.statusCode).toBe(409);
    // The record still belongs to its owner's session.
    expect((await verify(owner.token)).json().user).toMatchObject({ uid: owner.uid, displayName: 'Rahim Uddin' });
  });

  it('a re-created account whose e-mail is verified keeps the Meramot record', async () => {
    const owner = await newUser(t.app);
    await deleteAccount(owner.uid);
    const recreated = await signUp({ email: owner.email, emailVerified: true });
    const res = await login(recreated.idToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: owner.id, uid: recreated.uid, emailVerified: true });
  });
});
