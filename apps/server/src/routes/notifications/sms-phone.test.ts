import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bn, en, type NotificationPreferences } from '@meramot/shared';
import { queryRows } from '../../db/client';
import {
  createTestApp,
  idTokenWithPhone,
  newUser,
  removeAccountPhone,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

/**
 * POST/DELETE /api/users/me/sms-phone: the number SMS go to is the one Firebase verified (phone
 * sign-in linked to the same account), taken from the `phone_number` claim of a fresh ID token.
 * The emulator links a number through its admin API, as phone sign-in would.
 */
let t: TestApp;
const linked: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // A number belongs to one account of the project: free them for the next run.
  await Promise.all(linked.map((u) => removeAccountPhone(u.uid)));
  await t?.close();
});

async function withPhone(user: TestUser, phone: string) {
  linked.push(user);
  return idTokenWithPhone(user, phone);
}
const verify = (user: TestUser | null, idToken: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/sms-phone',
    headers: { ...(user?.auth ?? {}), ...headers },
    payload: { idToken } as object,
  });
const settings = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/notification-settings', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationPreferences;
};
const storedPhone = async (user: TestUser) =>
  (
    await queryRows<{ sms_phone: string | null }>(t.database.db, sql`SELECT sms_phone FROM users WHERE id = ${user.id}`)
  )[0]!.sms_phone;

describe('POST /api/users/me/sms-phone', () => {
  it('keeps the verified Bangladeshi number of the same account; DELETE forgets it', async () => {
    const user = await newUser(t.app, { displayName: 'Sabbir Ahmed' });
    expect((await settings(user)).smsPhone).toBeNull();
    const idToken = await withPhone(user, '+8801712345678');

    const res = await verify(user, idToken);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as NotificationPreferences;
    expect(answer.smsPhone).toBe('+8801712345678');
    expect(answer.smsAvailable).toBe(false);
    expect(answer.language).toBe('en');
    expect(await storedPhone(user)).toBe('+8801712345678');
    expect((await settings(user)).smsPhone).toBe('+8801712345678');

    // The same again (a second verification) keeps it.
    expect((await verify(user, idToken)).statusCode).toBe(200);
    // The phone-verified ID token itself also signs the request.
    const asBearer = await verify(null, idToken, { authorization: `Bearer ${idToken}` });
    expect(asBearer.statusCode, asBearer.body).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/users/me/sms-phone', headers: user.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().smsPhone).toBeNull();
    expect(await storedPhone(user)).toBeNull();
    expect((await settings(user)).smsPhone).toBeNull();
    // Forgetting twice is fine.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/me/sms-phone', headers: user.auth })).statusCode,
    ).toBe(200);
  });

  it('refuses a token without a verified phone number with 400', async () => {
    const user = await newUser(t.app);
    const res = await verify(user, user.idToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: en.phoneNotVerified });
    const bangla = await verify(user, user.idToken, { 'accept-language': 'bn' });
    expect(bangla.json()).toEqual({ error: bn.phoneNotVerified });
    expect(await storedPhone(user)).toBeNull();
  });

  it("refuses another account's ID token with 403, even one with a verified number", async () => {
    const [user, other] = await Promise.all([newUser(t.app), newUser(t.app)]);
    const othersToken = await withPhone(other, '+8801912345678');
    const res = await verify(user, othersToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: en.phoneOtherAccount });
    expect(await storedPhone(user)).toBeNull();
    expect(await storedPhone(other)).toBeNull();
    // Without a phone, another account's token is refused just the same.
    expect((await verify(user, other.idToken)).statusCode).toBe(403);
  });

  it('refuses a number outside Bangladesh and a Bangladeshi landline with 400', async () => {
    const user = await newUser(t.app);
    for (const phone of ['+447700900123', '+8802223344556']) {
      const idToken = await withPhone(user, phone);
      const res = await verify(user, idToken);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ error: en.phoneNotBangladeshi });
      expect(await storedPhone(user)).toBeNull();
    }
  });

  it('answers a forged or missing token 401 or 400, and a visitor 401', async () => {
    const user = await newUser(t.app);
    const forged = await verify(user, 'a.b.c');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: en.tokenInvalid });
    for (const idToken of [undefined, '', 42]) expect((await verify(user, idToken)).statusCode).toBe(400);
    const phoneToken = await withPhone(user, '+8801812345679');
    expect((await verify(null, phoneToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/me/sms-phone' })).statusCode).toBe(401);
    expect(await storedPhone(user)).toBeNull();
  });
});
