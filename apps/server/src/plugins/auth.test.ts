import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '1' });
});
afterAll(() => t.close());

const verify = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: auth }).then((r) => r.statusCode);

describe('the cache of recently checked sessions', () => {
  it('drops a session at logout in this process: the token answers 401 at once', async () => {
    const user = await newUser(t.app);
    expect(await verify(user.auth)).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })).statusCode).toBe(200);
    expect(await verify(user.auth)).toBe(401);
  });

  it('notices a session revoked elsewhere within SESSION_CACHE_SECONDS', async () => {
    const user = await newUser(t.app);
    expect(await verify(user.auth)).toBe(200);
    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.id}`);
    expect(await verify(user.auth)).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await verify(user.auth)).toBe(401);
  });

  it('reads the caller again after a change they made, so their own profile is fresh', async () => {
    const user = await newUser(t.app, { displayName: 'Before' });
    expect(await verify(user.auth)).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: user.auth,
      payload: { displayName: 'After' },
    });
    expect(put.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(me.json()).toMatchObject({ displayName: 'After' });
  });
});
