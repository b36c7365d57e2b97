import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniff } from './formats';
import { MAX_INPUT_PIXELS, PhotoError, processPhoto, widthsFor } from './process';

/** A phone photo: 4000 × 3000, taken turned (EXIF orientation 6), with its GPS position and a camera in EXIF. */
async function phonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 21/1 0/1' },
    })
    .toBuffer();
}

/** The EXIF GPS latitude 23/1 (Mirpur, Dhaka) as the file stores it, in either byte order. */
const LATITUDE = [Buffer.from([0, 0, 0, 23, 0, 0, 0, 1]), Buffer.from([23, 0, 0, 0, 1, 0, 0, 0])];
const hasLatitude = (bytes: Buffer) => LATITUDE.some((l) => bytes.includes(l));

/** A PNG whose header claims `width` × `height` pixels, with hardly any data behind it. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('sniff', () => {
  it('knows a photo by its bytes, never by its name', async () => {
    const made = (format: 'jpeg' | 'png' | 'webp' | 'avif') =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .toFormat(format)
        .toBuffer();
    expect(sniff(await made('jpeg'))).toBe('jpeg');
    expect(sniff(await made('png'))).toBe('png');
    expect(sniff(await made('webp'))).toBe('webp');
    expect(sniff(await made('avif'))).toBe('avif');
    expect(sniff(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
    expect(sniff(heic)).toBe('heic');
  });
});

describe('processPhoto', () => {
  it('turns a phone photo upright, drops every metadata field and makes three widths', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasLatitude(before.exif!), 'the original carries its GPS position').toBe(true);
    const photo = await processPhoto(original, 'jpeg');
    // Orientation 6: the 4000 × 3000 sensor image stands 3000 wide, 4000 high.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 3000, height: 4000 });
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([320, 640, 1280]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(variant.format);
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 4000) / 3000));
      expect(meta.exif, `${variant.key} has no EXIF (no GPS position)`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(hasLatitude(variant.bytes)).toBe(false);
      expect(variant.key).toMatch(/^[\w-]{32}\.(webp|avif)$/);
    }
    expect(photo.variants.some((v) => v.format === 'webp' && v.width === 1280)).toBe(true);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(1000);
  });

  it('never enlarges a small photo', async () => {
    expect(widthsFor(4000)).toEqual([320, 640, 1280]);
    expect(widthsFor(900)).toEqual([320, 640, 900]);
    expect(widthsFor(200)).toEqual([200]);
    const small = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const photo = await processPhoto(small, 'png');
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([320, 500]);
  });

  it('refuses a decompression bomb from its header, at once', async () => {
    const started = Date.now();
    const error = await processPhoto(pngHeader(50_000, 50_000), 'png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoError);
    expect((error as PhotoError).reason).toBe('too-many-pixels');
    expect(50_000 * 50_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a truncated JPEG and bytes that are no image', async () => {
    const whole = await phonePhoto(1200, 900);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(processPhoto(truncated, 'jpeg')).rejects.toMatchObject({ reason: 'broken' });
    await expect(processPhoto(Buffer.from('\xff\xd8\xffnot a jpeg at all', 'latin1'), 'jpeg')).rejects.toMatchObject({
      reason: 'broken',
    });
  });
});
