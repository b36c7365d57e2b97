import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, newUser, type TestApp, type TestUser } from '../../../test/helpers';

/** A multipart/form-data body holding one file. */
function multipart(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----meramot${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A phone photo with its GPS position in EXIF, taken turned (orientation 6). */
const phonePhoto = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
    .toBuffer();

// Uploads are streamed to temporary files: this file's own temporary folder, so that uploads of
// test files running beside it are not counted as left behind.
const systemTmp = os.tmpdir();
const ownTmp = mkdtempSync(path.join(systemTmp, 'meramot-photos-tmp-'));
process.env.TMPDIR = ownTmp;
const uploadsLeft = () => readdirSync(os.tmpdir()).filter((f) => f.startsWith('meramot-upload-')).length;

let t: TestApp;
let dataDir: string;
let rahim: TestUser;
let karim: TestUser;

const upload = (user: TestUser | null, body: ReturnType<typeof multipart>, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: body.payload,
    headers: { ...body.headers, ...(user ? user.auth : {}), ...(language ? { 'accept-language': language } : {}) },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-photos-route-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [rahim, karim] = await Promise.all([
    newUser(t.app, { displayName: 'Rahim' }),
    newUser(t.app, { displayName: 'Karim' }),
  ]);
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.env.TMPDIR = systemTmp;
  rmSync(ownTmp, { recursive: true, force: true });
});

describe('photo uploads', () => {
  it('takes a phone photo and serves its variants upright, without any metadata, immutable', async () => {
    const before = uploadsLeft();
    const res = await upload(rahim, multipart(await phonePhoto()));
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as {
      id: string;
      width: number;
      height: number;
      url: string;
      variants: { url: string; width: number }[];
    };
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1600 });
    expect(photo.url).toMatch(/^\/photos\/[\w-]{32}\.webp$/);
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([320, 640, 1200]);
    for (const variant of photo.variants) {
      const file = await t.app.inject({ method: 'GET', url: variant.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-type']).toMatch(/^image\/(webp|avif)$/);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif, `${variant.url} carries no EXIF (no GPS)`).toBeUndefined();
      expect(meta.width).toBe(variant.width);
    }
    expect(uploadsLeft()).toBe(before);
  });

  it('refuses what is not a photo it can read, each with a clear sentence, leaving nothing behind', async () => {
    const before = uploadsLeft();
    const pdf = await upload(rahim, multipart(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'), 'photo.jpg'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe('This file is not a photo we can read. Send a JPEG, PNG, WebP or AVIF photo.');

    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(200),
    ]);
    const heicRes = await upload(rahim, multipart(heic, 'IMG_0001.HEIC', 'image/heic'));
    expect(heicRes.statusCode).toBe(415);
    expect(heicRes.json().error).toMatch(/HEIC photos cannot be read yet.*Most Compatible/);
    const heicBn = await upload(rahim, multipart(heic, 'IMG_0001.HEIC', 'image/heic'), 'bn');
    expect(heicBn.json().error).toMatch(/^HEIC ছবি এখনো পড়া যায় না/);

    const whole = await phonePhoto(800, 600);
    const truncated = await upload(rahim, multipart(whole.subarray(0, whole.length >> 1)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toBe('The photo is damaged or incomplete. Take or choose it again.');

    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const big = await upload(rahim, multipart(tooBig));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().error).toBe('The photo is larger than 10 MB. Choose a smaller one.');
    const bigBn = await upload(rahim, multipart(tooBig), 'bn');
    expect(bigBn.statusCode).toBe(413);
    expect(bigBn.json().error).toBe('ছবিটি ১০ মেগাবাইটের বেশি বড়। একটি ছোট ছবি বেছে নিন।');

    const none = await t.app.inject({ method: 'POST', url: '/api/photos', headers: rahim.auth });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Choose a photo to upload.');

    expect((await upload(null, multipart(await phonePhoto(400, 300)))).statusCode).toBe(401);
    expect(uploadsLeft()).toBe(before);
    const rows = await queryRows<{ count: number }>(t.database.db, sql`SELECT count(*)::int AS count FROM photos`);
    expect(rows[0]?.count).toBe(1);
  });

  it('leaves no file behind when the photo cannot be recorded', async () => {
    const files = () => readdirSync(dataDir, { recursive: true }).filter((f) => /\.(webp|avif)$/.test(String(f)));
    const before = files();
    await queryRows(
      t.database.db,
      sql.raw(`CREATE FUNCTION refuse_photo() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await queryRows(
      t.database.db,
      sql.raw('CREATE TRIGGER refuse_photo BEFORE INSERT ON photos FOR EACH ROW EXECUTE FUNCTION refuse_photo()'),
    );
    try {
      const res = await upload(rahim, multipart(await phonePhoto(640, 480)));
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBeTruthy();
    } finally {
      await queryRows(t.database.db, sql.raw('DROP TRIGGER refuse_photo ON photos'));
      await queryRows(t.database.db, sql.raw('DROP FUNCTION refuse_photo()'));
    }
    expect(files().sort()).toEqual(before.sort());
  });

  it('answers a broken multipart body 400 with a sentence (the fuzz found it a 500)', async () => {
    const body = multipart(await phonePhoto(300, 200));
    for (const headers of [
      { 'content-type': 'multipart/form-data; boundary=somethingElse' },
      { 'content-type': 'multipart/form-data' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos',
        payload: body.payload,
        headers: { ...rahim.auth, ...headers },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('The upload was cut off or malformed. Send the photo again.');
    }
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      payload: body.payload.subarray(0, body.payload.length >> 1),
      headers: { ...rahim.auth, ...body.headers },
    });
    expect(cut.statusCode, cut.body).toBe(400);
  });

  it('lets only the owner remove a photo; its files go once nothing refers to them', async () => {
    const photo = (await upload(rahim, multipart(await phonePhoto(700, 500)))).json() as {
      id: string;
      variants: { url: string }[];
    };
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: karim.auth });
    expect(stranger.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: rahim.auth });
    expect(own.statusCode).toBe(200);
    for (const variant of photo.variants)
      expect((await t.app.inject({ method: 'GET', url: variant.url })).statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'GET',
      url: photo.variants[0]!.url,
      headers: { 'accept-language': 'bn' },
    });
    expect(gone.json()).toEqual({ error: 'ছবিটি পাওয়া যায়নি।' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: rahim.auth })).statusCode,
    ).toBe(404);
  });

  it('sweeps uploads nobody attached within a day', async () => {
    const photo = (await upload(karim, multipart(await phonePhoto(500, 400)))).json() as { id: string; url: string };
    expect(await t.app.sweepPhotos()).toBe(0);
    await t.database.db.execute(`UPDATE photos SET created_at = now() - interval '25 hours' WHERE id = '${photo.id}'`);
    expect(await t.app.sweepPhotos()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });
});
