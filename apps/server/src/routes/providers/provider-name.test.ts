import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../db/schema';
import { callApi, createService, createTestApp, newUser, type TestApp, type TestUser } from '../../../test/helpers';
import { signIn, updateAccount } from '../../../test/identity';
import { syncProviderServices } from './providers.service';

type Json = Record<string, unknown>;

const call = (t: TestApp, method: InjectOptions['method'], url: string, user?: TestUser | null, payload?: unknown) =>
  callApi(t.app, method, url, user, payload);

const rename = (t: TestApp, user: TestUser, profile: { displayName: string; photoURL?: string | null }) =>
  call(t, 'PUT', '/api/users/me', user, profile);

describe("a service's provider name and photo are its provider's profile's", () => {
  let t: TestApp;
  let nadia: TestUser;
  let omar: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [nadia, omar] = await Promise.all([
      newUser(t.app, { displayName: 'Nadia Islam' }),
      newUser(t.app, { displayName: 'Omar Faruk' }),
    ]);
  });
  afterAll(() => t?.close());

  it('ignores a body that names someone else, on create and on update (the fields are still validated)', async () => {
    const created = await call(t, 'POST', '/api/services', nadia, {
      serviceName: 'Camera lens cleaning',
      serviceDescription: 'Fungus and dust removed from every kind of lens.',
      servicePrice: 1200,
      serviceArea: 'Rajshahi',
      serviceImage: 'https://example.com/lens.webp',
      providerName: 'Omar Faruk',
      providerImage: 'https://example.com/omar.png',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      providerName: 'Nadia Islam',
      providerImage: null,
      providerEmail: nadia.email,
    });

    const updated = await call(t, 'PUT', `/api/services/${created.body._id}`, nadia, {
      providerName: 'Omar Faruk',
      providerImage: 'https://example.com/omar.png',
      serviceName: 'Camera lens and sensor cleaning',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      serviceName: 'Camera lens and sensor cleaning',
      providerName: 'Nadia Islam',
      providerImage: null,
    });
    const byOmar = (await call(t, 'GET', '/api/services?search=omar')).body.services as Json[];
    expect(byOmar.map((s) => s._id)).not.toContain(created.body._id);

    const invalid = await call(t, 'PUT', `/api/services/${created.body._id}`, nadia, { providerName: '  ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toContain('providerName: Provider name is required');
  });

  it('takes the photo from the profile, and a person without a display name shows as their e-mail name', async () => {
    expect(
      (await rename(t, omar, { displayName: 'Omar Faruk', photoURL: 'https://example.com/omar.png' })).status,
    ).toBe(200);
    const service = await createService(t.app, omar, { providerImage: '' });
    expect(service).toMatchObject({ providerName: 'Omar Faruk', providerImage: 'https://example.com/omar.png' });

    const unnamed = await newUser(t.app);
    const own = await createService(t.app, unnamed, { providerName: 'Somebody Famous' });
    expect(own.providerName).toBe(unnamed.email.split('@')[0]);
  });

  it("a profile change renames every one of the person's services, paused ones included, deleted ones left as they were", async () => {
    const person = await newUser(t.app, { displayName: 'Quillon Vantabrook' });
    const active = await createService(t.app, person, { serviceName: 'Drone propeller balancing' });
    const paused = await createService(t.app, person, { serviceName: 'Drone gimbal calibration' });
    const deleted = await createService(t.app, person, { serviceName: 'Drone battery check' });
    await call(t, 'PUT', `/api/services/${paused._id}`, person, { status: 'paused' });
    await call(t, 'DELETE', `/api/services/${deleted._id}`, person);

    const res = await rename(t, person, {
      displayName: 'Zephyrine Kestrelworth',
      photoURL: 'https://example.com/z.png',
    });
    expect(res.status).toBe(200);
    const own = (await call(t, 'GET', `/api/services/provider/${encodeURIComponent(person.email)}`, person))
      .body as Json[];
    expect(own.map((s) => [s._id, s.providerName, s.providerImage])).toEqual([
      [paused._id, 'Zephyrine Kestrelworth', 'https://example.com/z.png'],
      [active._id, 'Zephyrine Kestrelworth', 'https://example.com/z.png'],
    ]);
    const [gone] = await t.database.db
      .select({ providerName: services.providerName })
      .from(services)
      .where(eq(services.id, deleted._id));
    expect(gone!.providerName).toBe('Quillon Vantabrook');

    // A photo left out keeps the photo; an empty one removes it everywhere.
    await rename(t, person, { displayName: 'Zephyrine K.' });
    expect((await call(t, 'GET', `/api/services/${active._id}`)).body).toMatchObject({
      providerName: 'Zephyrine K.',
      providerImage: 'https://example.com/z.png',
    });
    await rename(t, person, { displayName: 'Zephyrine Kestrelworth', photoURL: '' });
    expect((await call(t, 'GET', `/api/services/${active._id}`)).body).toMatchObject({
      providerName: 'Zephyrine Kestrelworth',
      providerImage: null,
    });
  });

  it("a sign-in whose token carries another name or photo renames the person's services too", async () => {
    const person = await newUser(t.app, { displayName: 'Token Name One' });
    const { _id } = await createService(t.app, person);
    // Meramot's sign-in with a token of the changed account.
    await updateAccount(person.uid, { displayName: 'Token Name Two', photoUrl: 'https://example.com/two.png' });
    const login = await call(t, 'POST', '/api/auth/firebase-login', null, {
      idToken: await signIn(person.email, person.password),
    });
    expect(login.status).toBe(200);
    expect((await call(t, 'GET', `/api/services/${_id}`)).body).toMatchObject({
      providerName: 'Token Name Two',
      providerImage: 'https://example.com/two.png',
    });
    // A Firebase ID token sent as the bearer of any call.
    await updateAccount(person.uid, { displayName: 'Token Name Three' });
    const idToken = await signIn(person.email, person.password);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(me.json().displayName).toBe('Token Name Three');
    expect((await call(t, 'GET', `/api/services/${_id}`)).body.providerName).toBe('Token Name Three');
  });

  it('renames in batches, in order, however many services share a creation time', async () => {
    const person = await newUser(t.app, { displayName: 'Batch Person' });
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await createService(t.app, person, { serviceName: `Batch repair ${i}` }))._id);
    // Four of them at the very same instant: the batches' order goes on by id.
    await t.database.db.execute(
      sql`UPDATE services SET created_at = '2030-01-01T00:00:00.123456Z' WHERE id IN (${sql.join(
        made.slice(1, 5).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    await t.database.db.update(services).set({ providerName: 'Wrong Name' }).where(eq(services.providerId, person.id));
    expect(await syncProviderServices(t.database.db, person.id, 2)).toBe(7);
    const rows = await t.database.db
      .select({ providerName: services.providerName })
      .from(services)
      .where(eq(services.providerId, person.id));
    expect(rows.map((r) => r.providerName)).toEqual(Array(7).fill('Batch Person'));
    // Nothing left to change: nothing written.
    expect(await syncProviderServices(t.database.db, person.id, 2)).toBe(0);
  });
});

// The search reads the renamed services in the in-memory index and in the database alone.
describe.each(['on', 'off'] as const)('search after a profile change, search index %s', (searchIndex) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: searchIndex });
  });
  afterAll(() => t?.close());

  it('finds the services by the new name, and no longer by the old one', async () => {
    const person = await newUser(t.app, { displayName: 'Bartholomew Quince' });
    const mine = [
      (await createService(t.app, person, { serviceName: 'Gramophone needle fitting' }))._id,
      (await createService(t.app, person, { serviceName: 'Cassette deck belt swap' }))._id,
    ];
    const found = async (text: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/services?search=${encodeURIComponent(text)}` });
      expect(res.headers['x-search-index']).toBe(searchIndex);
      const ids = (res.json().services as Json[]).map((s) => s._id as string);
      const quick = await t.app.inject({ method: 'GET', url: `/api/search/${encodeURIComponent(text)}` });
      expect((quick.json() as Json[]).map((s) => s._id).sort()).toEqual([...ids].sort());
      return ids.filter((id) => mine.includes(id)).sort();
    };
    expect(await found('bartholomew')).toEqual([...mine].sort());
    expect(await found('marmaduke')).toEqual([]);

    expect((await rename(t, person, { displayName: 'Marmaduke Fennimore' })).status).toBe(200);
    expect(await found('marmaduke')).toEqual([...mine].sort());
    expect(await found('fennimore marmaduke')).toEqual([...mine].sort());
    expect(await found('bartholomew')).toEqual([]);
  });
});
