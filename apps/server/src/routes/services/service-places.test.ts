import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { backfillPlaces, PLACE_INDEXES } from '../../places/backfill';
import { placeCatalogue } from '../../places/catalogue';
import {
  createService,
  createTestApp,
  newUser,
  servicePayload,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';

/**
 * Where a service works (issue 24): its district and areas, checked against the places shipped;
 * the list and the header search narrowed to a district or an area; the counts per place; the
 * services that predate districts given theirs in batches.
 */

let t: TestApp;
let provider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  provider = await newUser(t.app, { displayName: 'Places Provider' });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

async function call(
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...provider.auth, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const bangla = { 'accept-language': 'bn' };

describe('a service’s district and areas', () => {
  it('are stored, answered with their names in both languages, and shown by GET', async () => {
    const res = await call(
      'POST',
      '/api/services',
      servicePayload({
        serviceName: 'Mirpur laptop clinic',
        serviceArea: 'Dhaka',
        serviceDistrict: 'dhaka',
        serviceAreas: ['dhaka/mirpur', 'dhaka/pallabi', 'dhaka/mirpur'],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      serviceArea: 'Dhaka',
      serviceDistrict: 'dhaka',
      // Named twice, kept once.
      serviceAreas: ['dhaka/mirpur', 'dhaka/pallabi'],
      places: [
        { id: 'dhaka', name: 'Dhaka', bn: 'ঢাকা', kind: 'district' },
        { id: 'dhaka/mirpur', name: 'Mirpur', bn: 'মিরপুর', kind: 'city-area' },
        { id: 'dhaka/pallabi', name: 'Pallabi', bn: 'পল্লবী', kind: 'city-area' },
      ],
    });
    const got = await call('GET', `/api/services/${res.body._id as string}`);
    expect(got.body.places).toEqual(res.body.places);
  });

  it('an old client that sends only the division keeps working: no district, no areas', async () => {
    const res = await call('POST', '/api/services', servicePayload({ serviceArea: 'Sylhet' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ serviceArea: 'Sylhet', serviceDistrict: null, serviceAreas: [], places: [] });
  });

  it.each([
    [
      { serviceArea: 'Dhaka', serviceDistrict: 'atlantis' },
      'Unknown district: atlantis. The districts are listed by GET /api/places.',
      'অজানা জেলা: atlantis। জেলাগুলোর তালিকা GET /api/places-এ আছে।',
    ],
    [
      { serviceArea: 'Khulna', serviceDistrict: 'dhaka' },
      'Dhaka is not a district of Khulna division: it is in Dhaka division.',
      'ঢাকা খুলনা বিভাগের জেলা নয়: এটি ঢাকা বিভাগে।',
    ],
    [
      { serviceArea: 'Khulna', serviceDistrict: 'bagerhat', serviceAreas: ['dhaka/mirpur'] },
      'Mirpur is not an area of Bagerhat district: it is in Dhaka district.',
      'মিরপুর বাগেরহাট জেলার এলাকা নয়: এটি ঢাকা জেলায়।',
    ],
    [
      { serviceArea: 'Dhaka', serviceDistrict: 'dhaka', serviceAreas: ['dhaka/nowhere'] },
      'Unknown area: dhaka/nowhere. The areas are listed by GET /api/places.',
      'অজানা এলাকা: dhaka/nowhere। এলাকাগুলোর তালিকা GET /api/places-এ আছে।',
    ],
    [
      { serviceArea: 'Dhaka', serviceAreas: ['dhaka/mirpur'] },
      'Choose the district before its areas.',
      'এলাকার আগে জেলা বেছে নিন।',
    ],
  ])('refuses %j with 400 in the caller’s language', async (place, english, banglaText) => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM services`);
    expect(await call('POST', '/api/services', servicePayload(place))).toEqual({
      status: 400,
      body: { error: english },
    });
    expect(await call('POST', '/api/services', servicePayload(place), bangla)).toEqual({
      status: 400,
      body: { error: banglaText },
    });
    const after = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM services`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses more than 12 areas, in both languages', async () => {
    const dhaka = placeCatalogue().districts.get('dhaka')!;
    const areas = dhaka.areas.slice(0, 13).map((a) => a.id);
    const res = await call('POST', '/api/services', servicePayload({ serviceDistrict: 'dhaka', serviceAreas: areas }));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('A service names at most 12 areas');
    const bn = await call(
      'POST',
      '/api/services',
      servicePayload({ serviceDistrict: 'dhaka', serviceAreas: areas }),
      bangla,
    );
    expect(bn.body.error).toContain('সর্বোচ্চ ১২টি এলাকা');
  });

  it('an update changes them; a new division without a district drops the old one; other edits keep them', async () => {
    const id = (await createService(t.app, provider, { serviceDistrict: 'dhaka', serviceAreas: ['dhaka/savar'] }))._id;
    const areas = await call('PUT', `/api/services/${id}`, { serviceAreas: ['dhaka/dhanmondi'] });
    expect(areas.body).toMatchObject({ serviceDistrict: 'dhaka', serviceAreas: ['dhaka/dhanmondi'] });
    const renamed = await call('PUT', `/api/services/${id}`, { serviceName: 'Renamed repair shop' });
    expect(renamed.body).toMatchObject({ serviceDistrict: 'dhaka', serviceAreas: ['dhaka/dhanmondi'] });
    const district = await call('PUT', `/api/services/${id}`, { serviceDistrict: 'gazipur' });
    expect(district.body).toMatchObject({ serviceDistrict: 'gazipur', serviceAreas: [] });
    const moved = await call('PUT', `/api/services/${id}`, { serviceArea: 'Sylhet' });
    expect(moved.body).toMatchObject({ serviceArea: 'Sylhet', serviceDistrict: null, serviceAreas: [] });
    const wrong = await call('PUT', `/api/services/${id}`, { serviceDistrict: 'bagerhat' });
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'Bagerhat is not a district of Sylhet division: it is in Khulna division.' },
    });
  });
});

describe('lists narrowed to a place', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const seller = await newUser(t.app, { displayName: 'Zebu Repairs' });
    const make = (serviceName: string, serviceArea: string, serviceDistrict: string | null, serviceAreas: string[]) =>
      createService(t.app, seller, { serviceName, serviceArea, serviceDistrict, serviceAreas }).then((s) => s._id);
    ids = {
      mirpur: await make('Zebu laptop Mirpur', 'Dhaka', 'dhaka', ['dhaka/mirpur']),
      savar: await make('Zebu laptop Savar', 'Dhaka', 'dhaka', ['dhaka/savar']),
      gazipur: await make('Zebu fridge Gazipur', 'Dhaka', 'gazipur', []),
      sylhet: await make('Zebu laptop Sylhet', 'Sylhet', 'sylhet', []),
    };
  });
  const listed = async (query: string) => {
    const res = await call('GET', `/api/services?search=zebu${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.services as { _id: string }[]).map((s) => s._id).sort();
  };

  it('by district, by area, by division: the parents of a place come with it', async () => {
    expect(await listed('&district=dhaka')).toEqual([ids.mirpur, ids.savar].sort());
    expect(await listed('&place=dhaka/mirpur')).toEqual([ids.mirpur]);
    expect(await listed('&area=Dhaka&district=gazipur')).toEqual([ids.gazipur]);
    expect(await listed('&area=Dhaka')).toEqual([ids.mirpur, ids.savar, ids.gazipur].sort());
    const total = await call('GET', '/api/services?place=dhaka/savar');
    expect(total.body.total).toBe(1);
  });

  it('reads a place named in the search, in English or Bangla, in any order, and says so', async () => {
    const english = await call('GET', `/api/services?search=${encodeURIComponent('zebu laptop mirpur')}`);
    expect((english.body.services as { _id: string }[]).map((s) => s._id)).toEqual([ids.mirpur]);
    expect(english.body.query).toMatchObject({ place: { id: 'dhaka/mirpur', kind: 'city-area', text: 'mirpur' } });
    const bn = await call('GET', `/api/services?search=${encodeURIComponent('সাভার zebu')}`);
    expect((bn.body.services as { _id: string }[]).map((s) => s._id)).toEqual([ids.savar]);
    // Within a district chosen, a name is read as that district's area.
    const header = await call('GET', `/api/search/${encodeURIComponent('zebu mirpur')}?district=dhaka`);
    expect((header.body as unknown as { _id: string }[]).map((s) => s._id)).toEqual([ids.mirpur]);
  });

  it('answers 400 for an unknown or mismatched place, in the caller’s language', async () => {
    expect(await call('GET', '/api/services?district=gotham')).toEqual({
      status: 400,
      body: { error: 'Unknown district: gotham. The districts are listed by GET /api/places.' },
    });
    expect(await call('GET', '/api/services?area=Khulna&district=dhaka', undefined, bangla)).toEqual({
      status: 400,
      body: { error: 'ঢাকা খুলনা বিভাগের জেলা নয়: এটি ঢাকা বিভাগে।' },
    });
    expect((await call('GET', '/api/services?district=sylhet&place=dhaka/mirpur')).body).toEqual({
      error: 'Mirpur is not an area of Sylhet district: it is in Dhaka district.',
    });
    expect((await call('GET', '/api/search/tv?place=dhaka/atlantis')).status).toBe(400);
    expect((await call('GET', '/api/services?place=not%20an%20id')).status).toBe(400);
  });

  it('counts the public services of every place named, with names and parents', async () => {
    const res = await call('GET', '/api/services/places');
    expect(res.status).toBe(200);
    const body = res.body as { districts: Json[]; areas: Json[] };
    expect(body.districts).toContainEqual({
      id: 'gazipur',
      name: 'Gazipur',
      bn: 'গাজীপুর',
      division: 'Dhaka',
      count: 1,
    });
    expect(body.areas).toContainEqual({
      id: 'dhaka/savar',
      name: 'Savar',
      bn: 'সাভার',
      kind: 'upazila',
      district: 'dhaka',
      count: 1,
    });
    expect(body.districts.every((d) => (d.count as number) > 0)).toBe(true);

    // Narrowed: one district's areas, or none (the districts alone, for a page with no district chosen).
    const dhaka = (await call('GET', '/api/services/places?district=dhaka')).body as typeof body;
    expect(dhaka.districts).toEqual(body.districts);
    expect(dhaka.areas).toEqual(body.areas.filter((a) => a.district === 'dhaka'));
    expect(dhaka.areas.length).toBeGreaterThan(0);
    const gazipur = (await call('GET', '/api/services/places?district=gazipur')).body as typeof body;
    expect(gazipur.areas).toEqual(body.areas.filter((a) => a.district === 'gazipur'));
    const none = (await call('GET', '/api/services/places?district=')).body as typeof body;
    expect(none).toEqual({ districts: body.districts, areas: [] });
    expect((await call('GET', '/api/services/places?district=bandarban')).body).toEqual(none);
    const bad = await call('GET', '/api/services/places?district=..%2Fdhaka');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringContaining('district') });
  });
});

describe('services that predate districts', () => {
  it('are given a district of their division and areas, in batches, and then the indexes are built', async () => {
    const old = await Promise.all(
      ['Dhaka', 'Chittagong', 'Sylhet', 'Rangpur', 'Dhaka'].map((serviceArea, i) =>
        createService(t.app, provider, { serviceName: `Old listing ${i}`, serviceArea }).then((s) => s._id),
      ),
    );
    // As before migration 0011: no district; the backfill begins again from the start.
    await t.database.db.execute(sql`UPDATE services SET district = NULL, place_areas = '{}'`);
    await t.database.db.execute(
      sql`UPDATE place_backfill SET before = now(), after_id = NULL, filled = 0, done_at = NULL WHERE id = 1`,
    );
    for (const name of Object.keys(PLACE_INDEXES)) await t.database.db.execute(sql.raw(`DROP INDEX IF EXISTS ${name}`));
    const filled = await backfillPlaces(t.database, { batch: 2, pauseMs: 0 });
    const rows = await queryRows<{ id: string; service_area: string; district: string | null; place_areas: string[] }>(
      t.database.db,
      sql`SELECT id, service_area, district, place_areas FROM services`,
    );
    expect(filled).toBe(rows.length);
    const places = placeCatalogue();
    for (const row of rows) {
      const district = places.districts.get(row.district ?? '');
      expect(district?.division.id, row.id).toBe(row.service_area);
      for (const area of row.place_areas) expect(places.areas.get(area)?.district.id).toBe(row.district);
    }
    expect(rows.filter((r) => old.includes(r.id))).toHaveLength(5);
    const [progress] = await queryRows<{ done: boolean; filled: number }>(
      t.database.db,
      sql`SELECT done_at IS NOT NULL AS done, filled FROM place_backfill`,
    );
    expect(progress).toEqual({ done: true, filled: rows.length });
    const indexes = await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'services' AND indexname IN (${sql.join(
        Object.keys(PLACE_INDEXES).map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    expect(indexes.map((i) => i.name).sort()).toEqual(Object.keys(PLACE_INDEXES).sort());
    // The search index follows: told of the change (as the plugin tells it), it lists them by district.
    t.app.invalidation.publish({ resources: ['services'] });
    const first = rows.find((r) => r.id === old[0])!;
    const listed = await t.app.inject({ method: 'GET', url: `/api/services?district=${first.district}&limit=100` });
    expect(listed.headers['x-search-index']).toBe('on');
    expect((listed.json() as { services: { _id: string }[] }).services.map((s) => s._id)).toContain(first.id);
    // Done: a second run fills nothing; a service created since keeps having none.
    const fresh = await createService(t.app, provider, { serviceArea: 'Khulna' });
    expect(await backfillPlaces(t.database, { pauseMs: 0 })).toBe(0);
    expect((await call('GET', `/api/services/${fresh._id}`)).body.serviceDistrict).toBeNull();
  });
});
