import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { PhotoFormat } from './formats';

/**
 * A photo made fit to publish (issue 23): turned upright by its orientation, every metadata field
 * dropped (EXIF with its GPS position, XMP, IPTC; the colours converted to sRGB and the ICC profile
 * not kept), resized to three widths (never enlarged) as WebP, and as AVIF where that is smaller,
 * with a tiny placeholder shown while a variant loads. sharp works on libuv's threads, so the event
 * loop stays free; `limitInputPixels` refuses a decompression bomb before decoding it.
 */

/** The widths made of every photo large enough (never enlarged: see widthsFor). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
/** The most pixels a photo may have (a 50,000 × 50,000 PNG header is refused before decoding). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The placeholder's width: a blurred 16 px WebP as a data URI, a few hundred bytes. */
const PLACEHOLDER_WIDTH = 16;

export interface PhotoVariant {
  width: number;
  height: number;
  format: 'webp' | 'avif';
  /** The file's name in the store: its content hash and extension. */
  key: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The upright photo's size. */
  width: number;
  height: number;
  /** What was uploaded (read from its bytes). */
  source: PhotoFormat;
  variants: PhotoVariant[];
  /** A data URI of a 16 px wide blurred WebP. */
  placeholder: string;
}

/** Why a file could not be processed, in words for the person (the route picks the status). */
export class PhotoError extends Error {
  constructor(
    readonly reason: 'too-many-pixels' | 'broken',
    message: string,
  ) {
    super(message);
  }
}

const contentKey = (bytes: Buffer, format: string) =>
  `${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}.${format}`;

/** The widths made of a photo `width` wide: the standard ones below it, and its own up to the largest. */
export function widthsFor(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  return [...new Set([...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, largest)])];
}

/** Processes a photo from its bytes or from a file (an upload streamed to disk). */
export async function processPhoto(input: Buffer | string, source: PhotoFormat): Promise<ProcessedPhoto> {
  // failOn 'truncated': a cut-off file is refused rather than shown half grey.
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await base.metadata();
  } catch (error) {
    throw asPhotoError(error);
  }
  if (!meta.width || !meta.height) throw new PhotoError('broken', 'The image could not be read.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new PhotoError('too-many-pixels', 'The image has too many pixels.');
  }
  // EXIF orientations 5-8 swap the sides.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  try {
    // Decoded once, upright, in sRGB and without metadata, at the largest width made (a JPEG is
    // shrunk while it is decoded): each width is made from that. Every step starts a new pipeline
    // from a raw buffer rather than clone() one, which copies its input on the main thread.
    const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
    const upright = await base
      .clone()
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromRaw = ({ data, info }: typeof upright) =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const raw = () => fromRaw(upright);
    const variants: PhotoVariant[] = [];
    for (const target of widthsFor(width)) {
      const resized =
        target === upright.info.width
          ? upright
          : // Its height from the original's proportions (not the rounded 1280 px one's).
            await raw()
              .resize({ width: target, height: Math.round((target * height) / width), fit: 'fill' })
              .raw()
              .toBuffer({ resolveWithObject: true });
      const webp = await fromRaw(resized).webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
      const avif = await fromRaw(resized).avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true });
      const outputs: [typeof webp, PhotoVariant['format']][] = [[webp, 'webp']];
      if (avif.data.length < webp.data.length) outputs.push([avif, 'avif']);
      for (const [out, format] of outputs) {
        variants.push({
          width: out.info.width,
          height: out.info.height,
          format,
          key: contentKey(out.data, format),
          bytes: out.data,
        });
      }
    }
    const tiny = await raw().resize({ width: PLACEHOLDER_WIDTH }).blur(1).webp({ quality: 30 }).toBuffer();
    return { width, height, source, variants, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
  } catch (error) {
    throw asPhotoError(error);
  }
}

function asPhotoError(error: unknown): PhotoError {
  if (error instanceof PhotoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoError('too-many-pixels', 'The image has too many pixels.');
  return new PhotoError('broken', 'The image is damaged or incomplete.');
}
