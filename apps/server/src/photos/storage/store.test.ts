import type { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from './disk';
import { parseStorageUrl, s3Store } from './s3';
import type { PhotoStore } from './store';

/** A file's bytes, whether the store answered them whole or as a stream. */
const bytesOf = async (body: Buffer | Readable) => (Buffer.isBuffer(body) ? body : buffer(body));

/**
 * The contract every photo store keeps, run against both drivers: the disk one in a temp folder,
 * the S3 one against s3rver (an S3-compatible server from npm, speaking the S3 protocol over HTTP,
 * started here on a free port).
 */
const folders: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `meramot-photos-${label}-`));
  folders.push(dir);
  return dir;
};

let s3rver: S3rver;
let s3Url: string;

beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('s3rver'),
    configureBuckets: [{ name: 'meramot-photos', configs: [] }],
  });
  const { port } = await s3rver.run();
  s3Url = `s3://S3RVER:S3RVER@127.0.0.1:${port}/meramot-photos/photos?tls=false&region=us-east-1`;
});

afterAll(async () => {
  await s3rver?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345.webp';
const OTHER = 'zyxwvutsrqponmlkjihgfedcba_-9876.avif';

const drivers: [string, () => PhotoStore][] = [
  ['disk', () => diskStore(tempDir('disk'))],
  ['s3', () => s3Store(parseStorageUrl(s3Url))],
];

describe.each(drivers)('the %s photo store', (_name, open) => {
  let store: PhotoStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(() => store.close());

  it('keeps a file under its key and gives it back whole', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    expect(await store.has(KEY)).toBe(false);
    expect(await store.get(KEY)).toBeNull();
    await store.put(KEY, bytes, 'image/webp');
    expect(await store.has(KEY)).toBe(true);
    const file = await store.get(KEY);
    expect(file?.size).toBe(bytes.length);
    expect((await bytesOf(file!.body)).equals(bytes)).toBe(true);
  });

  it('writes the same key twice without harm, and deletes (a missing key too)', async () => {
    const bytes = Buffer.from('same content, same key');
    await store.put(OTHER, bytes, 'image/avif');
    await store.put(OTHER, bytes, 'image/avif');
    expect((await bytesOf((await store.get(OTHER))!.body)).toString()).toBe('same content, same key');
    await store.delete(OTHER);
    expect(await store.has(OTHER)).toBe(false);
    await expect(store.delete(OTHER)).resolves.toBeUndefined();
  });

  it('refuses a key that is not a content hash (no path can be reached through it)', async () => {
    for (const bad of ['../../etc/passwd', 'AbCdEfGhIjKlMnOpQrStUvWxYz01234/.webp', 'short.webp', `${KEY}.exe`]) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a photo key/);
      await expect(store.get(bad)).rejects.toThrow(/Not a photo key/);
    }
  });
});

describe('STORAGE_URL', () => {
  it('names the endpoint, bucket, prefix, region and keys', () => {
    expect(parseStorageUrl('s3://AK:S%2FK@r2.example.com/bucket/meramot/photos?region=auto')).toEqual({
      endpoint: 'https://r2.example.com',
      region: 'auto',
      bucket: 'bucket',
      prefix: 'meramot/photos/',
      accessKeyId: 'AK',
      secretAccessKey: 'S/K',
    });
    expect(() => parseStorageUrl('https://example.com/bucket')).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl('s3://a:b@host')).toThrow(/bucket/);
  });
});
