import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, createTestApp, newUser, type TestApp, type TestUser } from '../../../test/helpers';

let t: TestApp;
let nadia: TestUser;
let omar: TestUser;
// A service shows its provider's profile name: one person per provider name below.
let laptopDoctor: TestUser;
let omarBangla: TestUser;

type Json = Record<string, unknown>;

const search = async (text: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/${encodeURIComponent(text)}${query}` });
  return { status: res.statusCode, body: res.json() };
};
const names = (services: Json[]) => services.map((s) => s.serviceName);
const listSearch = async (text: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/services?limit=100&search=${encodeURIComponent(text)}` });
  return res.json() as { services: Json[]; total: number };
};

const BULK = 55;

// Created in this order, so S4 is the newest of the laptop matches.
const S1 = {
  serviceName: 'Laptop screen repair',
  serviceDescription: 'Cracked panels replaced with original parts.',
  providerName: 'Nadia Tech',
  serviceArea: 'Dhaka',
};
const S2 = {
  serviceName: 'Battery service',
  serviceDescription: 'Laptop and phone batteries tested and replaced.',
  providerName: 'Nadia Tech',
  serviceArea: 'Sylhet',
};
const S3 = {
  serviceName: 'Keyboard cleaning',
  serviceDescription: 'Spills cleaned and every key checked.',
  providerName: 'The Laptop Doctor',
  serviceArea: 'Khulna',
};
const S4 = {
  serviceName: 'LAPTOP hinge fix',
  serviceDescription: 'Broken hinges rebuilt or replaced.',
  providerName: 'Omar Works',
  serviceArea: 'Rangpur',
};
const BANGLA = {
  serviceName: 'মোবাইল ফোন মেরামত',
  serviceDescription: 'ঢাকায় সব ব্র্যান্ডের মোবাইল ফোন মেরামত করা হয়।',
  providerName: 'ওমর ইলেকট্রনিক্স',
  serviceArea: 'Dhaka',
};
const LITERAL = {
  serviceName: '100% original_screens',
  serviceDescription: 'Only genuine panels, never copies.',
  providerName: 'Omar Works',
  serviceArea: 'Barisal',
};
const PAUSED = {
  serviceName: 'Laptop fan replacement (paused)',
  serviceDescription: 'Noisy fans replaced the same day.',
  providerName: 'Nadia Tech',
  serviceArea: 'Dhaka',
};
const DELETED = {
  serviceName: 'Laptop motherboard repair (deleted)',
  serviceDescription: 'Board-level repair of every brand.',
  providerName: 'Nadia Tech',
  serviceArea: 'Dhaka',
};

// Every case runs twice: searched in the in-memory index, and in the database alone (SEARCH_INDEX=off).
describe.each(['on', 'off'] as const)('search index %s', (searchIndex) => {
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: searchIndex });
  });
  afterAll(() => t?.close());

  beforeAll(async () => {
    [nadia, omar, laptopDoctor, omarBangla] = await Promise.all([
      newUser(t.app, { displayName: 'Nadia Tech' }),
      newUser(t.app, { displayName: 'Omar Works' }),
      newUser(t.app, { displayName: 'The Laptop Doctor' }),
      newUser(t.app, { displayName: 'ওমর ইলেকট্রনিক্স' }),
    ]);
    for (let i = 1; i <= BULK; i++) {
      await createService(t.app, omar, {
        serviceName: `Bulk washing machine repair ${String(i).padStart(2, '0')}`,
        providerName: 'Omar Works',
        serviceArea: 'Mymensingh',
      });
    }
    for (const [owner, fields] of [
      [nadia, S1],
      [nadia, S2],
      [laptopDoctor, S3],
      [omar, S4],
      [omarBangla, BANGLA],
      [omar, LITERAL],
    ] as const) {
      await createService(t.app, owner, fields);
    }
    const paused = await createService(t.app, nadia, PAUSED);
    const deleted = await createService(t.app, nadia, DELETED);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/services/${paused._id}`,
          headers: nadia.auth,
          payload: { status: 'paused' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/services/${deleted._id}`, headers: nadia.auth })).statusCode,
    ).toBe(200);
  }, 180_000);

  describe('GET /api/search/{text}', () => {
    it('answers an array of full services, best match first (name > provider > description, then newest), in the order of the list', async () => {
      const res = await search('laptop');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(names(res.body)).toEqual([S4, S1, S3, S2].map((s) => s.serviceName));
      expect(res.body[0]).toMatchObject({
        ...S4,
        providerEmail: omar.email,
        status: 'active',
        _id: expect.any(String),
      });
      expect(names((await listSearch('laptop')).services)).toEqual(names(res.body));
    });

    it.each(['laptop', 'NADIA', 'dhaka', 'khulna', 'replaced', '%', '_', 'original_', 'ফোন', 'zzz'])(
      'matches the same services as the list search for %j',
      async (text) => {
        const res = await search(text, '?limit=50');
        const listed = await listSearch(text);
        expect(res.status).toBe(200);
        expect(res.body.map((s: Json) => s._id).sort()).toEqual(listed.services.map((s) => s._id).sort());
        expect(res.body.length).toBe(listed.total);
      },
    );

    it('leaves paused and deleted services out', async () => {
      expect(names((await search('paused')).body)).toEqual([]);
      expect(names((await search('deleted')).body)).toEqual([]);
      expect(names((await search('laptop')).body)).not.toContain(PAUSED.serviceName);
      expect(names((await search('motherboard')).body)).toEqual([]);
    });

    it('matches %, _ and \\ literally', async () => {
      expect(names((await search('%')).body)).toEqual([LITERAL.serviceName]);
      expect(names((await search('100%')).body)).toEqual([LITERAL.serviceName]);
      expect(names((await search('l_scr')).body)).toEqual([LITERAL.serviceName]);
      // As a LIKE wildcard, _ would match the space of "Laptop screen repair".
      expect(names((await search('p_scr')).body)).toEqual([]);
      expect((await search('\\')).body).toEqual([]);
    });

    it('caps the answer: 20 by default, ?limit up to 50, above 50 answers 400', async () => {
      expect((await listSearch('bulk')).total).toBe(BULK);
      expect((await search('bulk')).body).toHaveLength(20);
      expect((await search('bulk', '?limit=5')).body).toHaveLength(5);
      const fifty = (await search('bulk', '?limit=50')).body as Json[];
      expect(fifty).toHaveLength(50);
      // Newest first: the five oldest bulk services are the ones left out.
      expect(names(fifty)).toEqual(
        Array.from({ length: 50 }, (_, i) => `Bulk washing machine repair ${String(BULK - i).padStart(2, '0')}`),
      );
      for (const limit of ['51', '0', 'abc']) {
        const res = await search('bulk', `?limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^Invalid querystring: limit: /);
      }
      expect((await search('bulk', '?limit=51')).body).toEqual({
        error: 'Invalid querystring: limit: must be at most 50.',
      });
    });

    it('decodes URL-encoded text with spaces and Bangla characters', async () => {
      const spaced = await t.app.inject({ method: 'GET', url: '/api/search/screen%20repair' });
      // Both words, in any order, anywhere: the bulk services say "screens" in their description and
      // "repair" in their name; the one with both in its name comes first.
      expect(names(spaced.json())[0]).toBe(S1.serviceName);
      expect(names((await search('repair screen')).body)[0]).toBe(S1.serviceName);
      // "মেরামত" is "repair" and "মোবাইল ফোন" a mobile phone (the vocabulary): the Bangla service
      // matches exactly and comes first, the English ones follow by synonym.
      expect(names((await search('মেরামত')).body)[0]).toBe(BANGLA.serviceName);
      expect(names((await search('মেরামত')).body)).toContain(S1.serviceName);
      expect(names((await search('মোবাইল ফোন')).body)).toEqual([BANGLA.serviceName, S2.serviceName]);
      expect(names((await search('ওমর ইলেকট্রনিক্স')).body)).toEqual([BANGLA.serviceName]);
      // Search text trims like the header box does.
      expect(names((await search('  hinge  ')).body)).toEqual([S4.serviceName]);
    });

    it('answers 400 for whitespace-only text and for text over 100 characters', async () => {
      for (const text of ['   ', '\t', ' \n ']) {
        const res = await search(text);
        expect(res).toEqual({ status: 400, body: { error: 'Invalid params: text: must not be empty.' } });
      }
      const long = await search('ম'.repeat(101));
      expect(long.status).toBe(400);
      expect(long.body.error).toMatch(/^Invalid params: text: /);
    });
  });
});
