import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, lt, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { en, type Photo } from '@meramot/shared';
import type { Db, Tx } from '../../db/client';
import { bookings, photos } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
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

/** A photo's own URL: its 640 px WebP (or the largest below it), what serviceImage and photoURL carry. */
export function photoUrl(variants: PhotoRow['variants']): string {
  const webp = variants.filter((v) => v.format === 'webp');
  return `/photos/${(webp.filter((v) => v.width <= 640).at(-1) ?? webp[0]!).key}`;
}

/** A stored photo as the API answers it. */
export function toApiPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    url: photoUrl(row.variants),
    variants: row.variants.map(({ key, ...v }) => ({ ...v, url: `/photos/${key}` })),
    placeholder: row.placeholder,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A photo row as photosJson aggregates it (its times as JSON text). */
type PhotoJson = Omit<PhotoRow, 'createdAt'> & { createdAt: string };

/**
 * The photos attached where `column` (photos.service_id, booking_id or message_id) equals `owner`,
 * in order, as one JSON column of the row being selected (read them with fromPhotosJson): the
 * row and its photos in one round trip to the database.
 */
export const photosJson = (column: 'service_id' | 'booking_id' | 'message_id', owner: SQL | AnyColumn) =>
  sql<PhotoJson[]>`(SELECT COALESCE(json_agg(json_build_object(
      'id', ph.id, 'width', ph.width, 'height', ph.height, 'variants', ph.variants,
      'placeholder', ph.placeholder, 'createdAt', ph.created_at) ORDER BY ph.position), '[]'::json)
    FROM ${photos} ph WHERE ph.${sql.raw(column)} = ${owner})`;

export const fromPhotosJson = (list: readonly PhotoJson[]): Photo[] =>
  list.map((p) => toApiPhoto({ ...p, createdAt: new Date(p.createdAt) } as PhotoRow));

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
    await pipeline(upload, peek, createWriteStream(temp)).catch((error: unknown) => {
      // Past the size limit @fastify/multipart ends the file with its own 413 error (below); any
      // other failure while reading is a broken upload (a cut body, a boundary that never comes).
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
      throw badRequest(en.photoUploadBroken);
    });
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
    const keys = processed.variants.map((v) => v.key);
    try {
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
      // The sweep finds uploads by their rows: files stored for a row never written would stay
      // for ever. Those no other photo shares go now (best effort: the first error is the answer).
      await dropUnusedFiles(db, store, keys).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    // @fastify/multipart ends the file's stream with a 413 error past its fileSize limit.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, en.photoTooLarge);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Removes the files of these keys that nothing refers to any more: no photo (files are named by
 * content, so two uploads of one image share them), and no booking of `serviceId` that kept the
 * service's cover as its serviceImage when it was made. Two queries, then the store.
 */
export async function dropUnusedFiles(
  db: Db,
  store: PhotoStore,
  keys: readonly string[],
  serviceId: string | null = null,
): Promise<void> {
  if (keys.length === 0) return;
  const [stillPhotos, stillBooked] = await Promise.all([
    db
      .select({ variants: photos.variants })
      .from(photos)
      .where(or(...keys.map((key) => sql`${photos.variants} @> ${JSON.stringify([{ key }])}::jsonb`))),
    serviceId
      ? db
          .selectDistinct({ image: bookings.serviceImage })
          .from(bookings)
          .where(
            and(
              eq(bookings.serviceId, serviceId),
              inArray(
                bookings.serviceImage,
                keys.map((key) => `/photos/${key}`),
              ),
            ),
          )
      : [],
  ]);
  const used = new Set([...keysOf(stillPhotos), ...stillBooked.map((b) => b.image.slice('/photos/'.length))]);
  await Promise.all(keys.filter((key) => !used.has(key)).map((key) => store.delete(key)));
}

/** The keys of these photo rows' files. */
const keysOf = (rows: readonly { variants: PhotoRow['variants'] }[]) => [
  ...new Set(rows.flatMap((r) => r.variants.map((v) => v.key))),
];

/** Where attached photos go: one of a service, a booking request, a message. */
export type PhotoTarget = { serviceId: string } | { bookingId: string } | { messageId: number };

/** The target's column and value: one way to read a target, for the SQL and for a row alike. */
function targetOf(target: PhotoTarget) {
  if ('serviceId' in target) return { column: 'serviceId', value: target.serviceId } as const;
  if ('bookingId' in target) return { column: 'bookingId', value: target.bookingId } as const;
  return { column: 'messageId', value: target.messageId } as const;
}

/**
 * Makes `ids`, in this order, the photos of `target` inside the caller's transaction: each must be
 * the owner's upload (403 otherwise), unattached or already this target's (400 otherwise); the
 * target's photos left out are removed. Returns the photos in order and the keys of the removed
 * ones' files, for dropUnusedFiles once the transaction has committed.
 */
export async function attachPhotos(
  tx: Db | Tx,
  ownerId: string,
  target: PhotoTarget,
  ids: readonly string[],
): Promise<{ attached: Photo[]; removedKeys: string[] }> {
  const found = ids.length
    ? await tx
        .select()
        .from(photos)
        .where(inArray(photos.id, [...ids]))
        .for('update')
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const { column, value } = targetOf(target);
  const own = (row: PhotoRow) => row[column] === value;
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw badRequest(en.photoUnknown);
    if (row.ownerId !== ownerId) throw new HttpError(403, en.photoNotYoursToAttach);
    if (row.attachedAt && !own(row)) throw badRequest(en.photoInUse);
  }
  const removed = await tx
    .delete(photos)
    .where(and(eq(photos[column], value), ids.length ? notInArray(photos.id, [...ids]) : undefined))
    .returning({ variants: photos.variants });
  const attached: Photo[] = [];
  for (const [position, id] of ids.entries()) {
    const [row] = await tx
      .update(photos)
      .set({ ...target, position, attachedAt: sql`coalesce(${photos.attachedAt}, now())` })
      .where(eq(photos.id, id))
      .returning();
    attached.push(toApiPhoto(row!));
  }
  return { attached, removedKeys: keysOf(removed) };
}

/**
 * Makes the owner's upload `id` their profile photo (null: none) inside the caller's transaction.
 * Returns its URL (for photoURL) and the keys of the previous profile photo's files.
 */
export async function setProfilePhoto(
  tx: Tx,
  userId: string,
  id: string | null,
): Promise<{ url: string | null; removedKeys: string[] }> {
  let chosen: PhotoRow | undefined;
  if (id) {
    [chosen] = await tx.select().from(photos).where(eq(photos.id, id)).for('update');
    if (!chosen) throw badRequest(en.photoUnknown);
    if (chosen.ownerId !== userId) throw new HttpError(403, en.photoNotYoursToAttach);
    if (chosen.attachedAt && chosen.profileOf !== userId) throw badRequest(en.photoInUse);
  }
  const removed = await tx
    .delete(photos)
    .where(and(eq(photos.profileOf, userId), id ? ne(photos.id, id) : undefined))
    .returning({ variants: photos.variants });
  if (chosen) {
    [chosen] = await tx
      .update(photos)
      .set({ profileOf: userId, attachedAt: sql`coalesce(${photos.attachedAt}, now())` })
      .where(eq(photos.id, chosen.id))
      .returning();
  }
  return { url: chosen ? toApiPhoto(chosen).url : null, removedKeys: keysOf(removed) };
}

/** The photos of these services, bookings or messages, in order, by the owner's id. */
export async function photosOf<K extends 'serviceId' | 'bookingId' | 'messageId'>(
  db: Db,
  kind: K,
  ids: readonly (K extends 'messageId' ? number : string)[],
): Promise<Map<string, Photo[]>> {
  const out = new Map<string, Photo[]>();
  if (ids.length === 0) return out;
  const column = photos[kind];
  const rows = await db
    .select()
    .from(photos)
    .where(inArray(column, [...ids] as never[]))
    .orderBy(photos.position);
  for (const row of rows) {
    const key = String(row[kind]);
    out.set(key, [...(out.get(key) ?? []), toApiPhoto(row)]);
  }
  return out;
}

/** A deleted service's photos go, and their files once nothing refers to them. */
export async function dropServicePhotos(db: Db, store: PhotoStore, serviceId: string): Promise<void> {
  const removed = await db
    .delete(photos)
    .where(eq(photos.serviceId, serviceId))
    .returning({ variants: photos.variants });
  await dropUnusedFiles(db, store, keysOf(removed), serviceId);
}

/** Removes an unattached photo of its owner's, and its files once nothing refers to them. */
export async function deletePhoto(db: Db, store: PhotoStore, ownerId: string, id: string): Promise<void> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!row) throw notFound(en.photoNotFound);
  if (row.ownerId !== ownerId) throw new HttpError(403, en.photoNotYours);
  if (row.attachedAt) throw badRequest(en.photoInUse);
  await db.delete(photos).where(eq(photos.id, id));
  await dropUnusedFiles(db, store, keysOf([row]));
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
  await dropUnusedFiles(db, store, keysOf(removed));
  return removed.length;
}
