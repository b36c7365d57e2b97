import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bn, en, type Photo } from '@meramot/shared';
import { book, createService, createTestApp, newUser, type TestApp, type TestUser } from '../../../test/helpers';

/**
 * Photos attached where issue 23 puts them: a service's (in order, the cover its serviceImage), the
 * profile's, a booking request's and a message's (the two parties only); each refusal with its
 * sentence; files removed once nothing refers to them.
 */

let t: TestApp;
let dataDir: string;
let rahim: TestUser; // provider
let karim: TestUser; // customer
let salma: TestUser; // stranger

let shade = 0;
/** A small JPEG of its own colour (files are named by content: each upload its own files). */
const freshJpeg = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: { r: (shade += 7) % 256, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

async function uploadAs(user: TestUser): Promise<Photo> {
  const boundary = `----meramot${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n\r\n`),
    await freshJpeg(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload,
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Photo;
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: object,
  lang?: string,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(user ? user.auth : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });

const served = async (photo: Photo) =>
  Promise.all(photo.variants.map(async (v) => (await t.app.inject({ method: 'GET', url: v.url })).statusCode));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-photos-attach-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [rahim, karim, salma] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim' }),
    newUser(t.app, { displayName: 'Karim' }),
    newUser(t.app, { displayName: 'Salma' }),
  ]);
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a service's photos", () => {
  it('lists a service with three photos, the first its cover, then reorders and removes one', async () => {
    const [a, b, c] = [await uploadAs(rahim), await uploadAs(rahim), await uploadAs(rahim)];
    const created = await createService(t.app, rahim, {
      serviceName: 'Laptop hinge repair',
      serviceImage: undefined,
      photoIds: [a!.id, b!.id, c!.id],
    });
    expect((created.photos as Photo[]).map((p) => p.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(created.serviceImage).toBe(a!.url);

    // The list shows the cover as the service's image.
    const list = (await call('GET', '/api/services?search=hinge', null)).json() as {
      services: { _id: string; serviceImage: string }[];
    };
    expect(list.services.find((s) => s._id === created._id)?.serviceImage).toBe(a!.url);

    // Reordered without b: c is the cover, b and its files are gone.
    const res = await call('PUT', `/api/services/${created._id}`, rahim, { photoIds: [c!.id, a!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().photos as Photo[]).map((p) => p.id)).toEqual([c!.id, a!.id]);
    expect(res.json().serviceImage).toBe(c!.url);
    expect(new Set(await served(b!))).toEqual(new Set([404]));
    expect(new Set(await served(a!))).toEqual(new Set([200]));

    // An old client sending the full payload with another image keeps the cover as the image.
    const old = await call('PUT', `/api/services/${created._id}`, rahim, {
      serviceImage: 'https://example.com/x.webp',
    });
    expect(old.json().serviceImage).toBe(c!.url);
    expect((await call('GET', `/api/services/${created._id}`, null)).json().photos).toHaveLength(2);
  });

  it('refuses too many, repeated, unknown, used or other people’s photos, in the caller’s language', async () => {
    const mine = await uploadAs(rahim);
    const theirs = await uploadAs(salma);
    const nine = Array.from({ length: 9 }, () => crypto.randomUUID());
    const cases: [object, number, keyof typeof en][] = [
      [{ photoIds: nine }, 400, 'photosTooManyService'],
      [{ photoIds: [mine.id, mine.id] }, 400, 'photosRepeated'],
      [{ photoIds: [crypto.randomUUID()] }, 400, 'photoUnknown'],
      [{ photoIds: [theirs.id] }, 403, 'photoNotYoursToAttach'],
      [{ serviceImage: 'http://example.com/plain.jpg' }, 400, 'serviceImageHttps'],
    ];
    for (const [overrides, status, key] of cases) {
      for (const [lang, catalogue] of [
        ['en', en],
        ['bn', bn],
      ] as const) {
        const res = await call('POST', '/api/services', rahim, { ...payload(), ...overrides }, lang);
        expect(res.statusCode, `${key} ${lang}: ${res.body}`).toBe(status);
        expect(res.json().error).toContain(catalogue[key]);
      }
    }
    // A photo on one service cannot be taken by another.
    const used = await createService(t.app, rahim, { serviceImage: undefined, photoIds: [mine.id] });
    const again = await call('POST', '/api/services', rahim, { ...payload(), photoIds: [mine.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(en.photoInUse);
    // An attached photo is removed through its service, not on its own.
    expect((await call('DELETE', `/api/photos/${mine.id}`, rahim)).statusCode).toBe(400);
    expect((await call('GET', `/api/services/${used._id}`, null)).json().photos).toHaveLength(1);
    // Nothing half-made: the refused services do not exist.
    const own = (
      await call('GET', `/api/services/provider/${encodeURIComponent(rahimEmail())}`, rahim)
    ).json() as unknown[];
    expect(own.length).toBe(2);
  });

  it('deleting a service removes its photos’ files, except the cover a booking was made with', async () => {
    const [cover, other] = [await uploadAs(rahim), await uploadAs(rahim)];
    const service = await createService(t.app, rahim, { serviceImage: undefined, photoIds: [cover.id, other.id] });
    const booking = await book(t.app, karim, service._id);
    expect(booking.serviceImage).toBe(cover.url);
    expect((await call('DELETE', `/api/services/${service._id}`, rahim)).statusCode).toBe(200);
    expect(new Set(await served(other))).toEqual(new Set([404]));
    // The booking keeps its picture: the cover's 640 px file stays, its other sizes go.
    const statuses = Object.fromEntries(
      await Promise.all(
        cover.variants.map(async (v) => [v.url, (await t.app.inject({ method: 'GET', url: v.url })).statusCode]),
      ),
    );
    expect(statuses[cover.url]).toBe(200);
    expect(Object.values(statuses).filter((s) => s === 404)).toHaveLength(cover.variants.length - 1);
    const sweepable = await t.app.sweepPhotos();
    expect(sweepable).toBe(0);
  });
});

let emails: Record<string, string> = {};
const rahimEmail = () => emails.rahim!;
const payload = () => ({
  serviceName: 'Phone speaker repair',
  serviceDescription: 'Crackling or silent speakers replaced with tested parts, same day in most cases.',
  servicePrice: 900,
  serviceArea: 'Dhaka',
  serviceImage: 'https://example.com/speaker.webp',
  providerName: 'Rahim',
});

beforeAll(async () => {
  const me = await call('GET', '/api/users/me', rahim);
  emails = { rahim: me.json().email as string };
});

describe('the profile photo', () => {
  it('becomes the photoURL and the provider image of their services; a new one replaces it', async () => {
    const first = await uploadAs(rahim);
    const res = await call('PUT', '/api/users/me', rahim, { displayName: 'Rahim', photoId: first.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photoURL).toBe(first.url);
    const service = await createService(t.app, rahim);
    expect(service.providerImage).toBe(first.url);

    // Saving the name with the same URL keeps it.
    await call('PUT', '/api/users/me', rahim, { displayName: 'Rahim U', photoURL: first.url });
    expect(new Set(await served(first))).toEqual(new Set([200]));

    const second = await uploadAs(rahim);
    expect(
      (await call('PUT', '/api/users/me', rahim, { displayName: 'Rahim', photoId: second.id })).json().photoURL,
    ).toBe(second.url);
    expect(new Set(await served(first))).toEqual(new Set([404]));
    expect((await call('GET', `/api/services/${service._id}`, null)).json().providerImage).toBe(second.url);

    const stranger = await call('PUT', '/api/users/me', salma, { displayName: 'Salma', photoId: second.id });
    expect(stranger.statusCode).toBe(403);

    const none = await call('PUT', '/api/users/me', rahim, { displayName: 'Rahim', photoId: null });
    expect(none.json().photoURL).toBeNull();
    expect(new Set(await served(second))).toEqual(new Set([404]));
  });
});

describe('photos of the problem', () => {
  it('go with a booking request and a message, seen by the two parties only', async () => {
    const service = await createService(t.app, rahim, { serviceName: 'AC gas refill' });
    const [p1, p2] = [await uploadAs(karim), await uploadAs(karim)];
    const booking = await book(t.app, karim, service._id, {
      payload: {
        serviceId: service._id,
        serviceTakingDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        photoIds: [p1.id, p2.id],
      },
    });
    expect((booking.photos as Photo[]).map((p) => p.id)).toEqual([p1.id, p2.id]);

    // The provider sees them in their bookings.
    const providerEmail = emails.rahim!;
    const theirs = (await call('GET', `/api/bookings/provider/${encodeURIComponent(providerEmail)}`, rahim)).json() as {
      _id: string;
      photos: Photo[];
    }[];
    expect(theirs.find((b) => b._id === booking._id)?.photos.map((p) => p.id)).toEqual([p1.id, p2.id]);

    // A message with a photo; the provider reads it with the photo.
    const p3 = await uploadAs(karim);
    const sent = await call('POST', `/api/bookings/${booking._id}/messages`, karim, {
      body: 'The panel',
      photoIds: [p3.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const read = (await call('GET', `/api/bookings/${booking._id}/messages`, rahim)).json() as {
      items: { photos: Photo[] }[];
    };
    expect(read.items[0]!.photos.map((p) => p.id)).toEqual([p3.id]);

    // Refusals: no text; five photos; a stranger's message (403); someone else's photo (403).
    const empty = await call('POST', `/api/bookings/${booking._id}/messages`, karim, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    const five = await call('POST', `/api/bookings/${booking._id}/messages`, karim, {
      body: 'five',
      photoIds: Array.from({ length: 5 }, () => crypto.randomUUID()),
    });
    expect(five.statusCode).toBe(400);
    expect(five.json().error).toContain(en.photosTooManyBooking);
    const strangerPhoto = await uploadAs(salma);
    const stranger = await call('POST', `/api/bookings/${booking._id}/messages`, salma, {
      body: 'look',
      photoIds: [strangerPhoto.id],
    });
    expect(stranger.statusCode).toBe(403);
    const providerPhoto = await uploadAs(rahim);
    const notYours = await call(
      'POST',
      `/api/bookings/${booking._id}/messages`,
      karim,
      { body: 'this one', photoIds: [providerPhoto.id] },
      'bn',
    );
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error).toBe(bn.photoNotYoursToAttach);
    // The refused message was not written (one transaction with its photos).
    const after = (await call('GET', `/api/bookings/${booking._id}/messages`, karim)).json() as { items: unknown[] };
    expect(after.items).toHaveLength(1);
    // A stranger's photo cannot ride on a booking request either.
    const other = await call('POST', '/api/bookings', karim, {
      serviceId: service._id,
      serviceTakingDate: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
      photoIds: [strangerPhoto.id],
    });
    expect(other.statusCode).toBe(403);
    // Nor more than four, said in the caller's language.
    const tooMany = await call(
      'POST',
      '/api/bookings',
      karim,
      {
        serviceId: service._id,
        serviceTakingDate: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
        photoIds: Array.from({ length: 5 }, () => crypto.randomUUID()),
      },
      'bn',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain(bn.photosTooManyBooking);
  });
});
