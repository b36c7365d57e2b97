import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { en, type Photo } from '@meramot/shared';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import {
  contentTypeOf,
  PhotoError,
  processPhoto,
  sniff,
  SNIFF_BYTES,
  type PhotoStore,
  type Sniffed,
} from '../../photos';

type PhotoRow = typeof photos.$inferSelect;

/** A stored photo as the API answers it. */
export function toApiPhoto(row: PhotoRow): Photo {
  const webp = row.variants.filter((v) => v.format === 'webp');
  const main = webp.filter((v) => v.width <= 640).at(-1) ?? webp[0]!;
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    url: `/photos/${main.key}`,
    variants: row.variants.map(({ key, ...v }) => ({ ...v, url: `/photos/${key}` })),
    placeholder: row.placeholder,
    createdAt: row.createdAt.toISOString(),
  };
}

/** At most this many photos are processed at once (each holds a decoded image in memory). */
const PROCESSING_AT_ONCE = Math.max(1, Math.min(4, os.availableParallelism()));
let processing = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (processing >= PROCESSING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  processing++;
  try {
    return await work();
  } finally {
    processing--;
    waiting.shift()?.();
  }
}

/**
 * Takes one uploaded file: streams it to a temporary file (never the whole body in memory) while
 * reading its first bytes for its format, processes it, stores its variants by content hash and
 * records it as the owner's, unattached. Nothing is left behind when any step fails.
 */
export async function savePhoto(
  db: Db,
  store: PhotoStore,
  ownerId: string,
  upload: NodeJS.ReadableStream,
): Promise<Photo> {
  const temp = path.join(os.tmpdir(), `meramot-upload-${randomUUID()}`);
  let head = Buffer.alloc(0);
  const peek = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      done(null, chunk);
    },
  });
  try {
    await pipeline(upload, peek, createWriteStream(temp));
    // Past the size limit, @fastify/multipart ends the file early and marks it truncated.
    if ((upload as { truncated?: boolean }).truncated) throw new HttpError(413, en.photoTooLarge);
    const format: Sniffed = sniff(head);
    if (format === 'heic') throw new HttpError(415, en.photoHeic);
    if (!format) throw new HttpError(415, en.photoType);
    const processed = await inTurn(() => processPhoto(temp, format)).catch((error: unknown) => {
      if (error instanceof PhotoError) {
        throw error.reason === 'too-many-pixels'
          ? new HttpError(413, en.photoTooManyPixels)
          : new HttpError(400, en.photoBroken);
      }
      throw error;
    });
    await Promise.all(processed.variants.map((v) => store.put(v.key, v.bytes, contentTypeOf(v.key))));
    const [row] = await db
      .insert(photos)
      .values({
        ownerId,
        width: processed.width,
        height: processed.height,
        variants: processed.variants.map(({ width, height, format, key }) => ({ width, height, format, key })),
        placeholder: processed.placeholder,
      })
      .returning();
    return toApiPhoto(row!);
  } catch (error) {
    // @fastify/multipart ends the file's stream with a 413 error past its fileSize limit.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, en.photoTooLarge);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** Removes the files of these keys that no photo refers to any more. */
async function dropUnusedFiles(db: Db, store: PhotoStore, keys: string[]): Promise<void> {
  for (const key of keys) {
    const [used] = await db
      .select({ id: photos.id })
      .from(photos)
      .where(sql`${photos.variants} @> ${JSON.stringify([{ key }])}::jsonb`)
      .limit(1);
    if (!used) await store.delete(key);
  }
}

/** Removes an unattached photo of its owner's, and its files once nothing refers to them. */
export async function deletePhoto(db: Db, store: PhotoStore, ownerId: string, id: string): Promise<void> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!row) throw notFound(en.photoNotFound);
  if (row.ownerId !== ownerId) throw new HttpError(403, en.photoNotYours);
  await db.delete(photos).where(eq(photos.id, id));
  await dropUnusedFiles(
    db,
    store,
    row.variants.map((v) => v.key),
  );
}

/**
 * Removes photos nobody attached within `maxAgeHours` (an upload abandoned with its form), up to
 * `batch` at a time (SKIP LOCKED: instances sweeping together take different rows), and their
 * files once nothing refers to them. Returns how many were removed.
 */
export async function sweepUnattached(db: Db, store: PhotoStore, maxAgeHours = 24, batch = 200): Promise<number> {
  const cutoff = new Date(Date.now() - maxAgeHours * 3_600_000);
  const removed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(isNull(photos.attachedAt), lt(photos.createdAt, cutoff)))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .delete(photos)
      .where(
        sql`${photos.id} IN (${sql.join(
          due.map((d) => sql`${d.id}`),
          sql`, `,
        )})`,
      )
      .returning({ variants: photos.variants });
  });
  await dropUnusedFiles(db, store, [...new Set(removed.flatMap((r) => r.variants.map((v) => v.key)))]);
  return removed.length;
}
