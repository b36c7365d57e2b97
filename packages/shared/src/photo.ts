import { z } from 'zod';
import { idSchema } from './common';
import { en } from './messages/en';

/** The largest file a photo upload takes (issue 23). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The photos a service shows at most; a booking request or a message carries at most PHOTOS_PER_BOOKING. */
export const PHOTOS_PER_SERVICE = 8;
export const PHOTOS_PER_BOOKING = 4;

export const photoVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['webp', 'avif']),
  /** Site-relative: /photos/{content hash}.{format}, served immutable. */
  url: z.string(),
});

/** An uploaded photo: its size (upright), its variants for srcset, and a tiny placeholder. */
export const photoSchema = z
  .object({
    id: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** The 640 px WebP (or the largest below it): what `serviceImage` and `photoURL` carry. */
    url: z.string(),
    variants: z.array(photoVariantSchema),
    /** A data URI of a 16 px wide blurred WebP, shown while a variant loads. */
    placeholder: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

/**
 * The photos a service, a booking request or a message takes, by the ids POST /api/photos gave:
 * the caller's own uploads, in the order shown (a service's first is its cover, its serviceImage).
 */
export const photoIdsSchema = (max: number, tooMany: string) =>
  z
    .array(idSchema, { error: 'must be a list of photo ids' })
    .max(max, { error: tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: en.photosRepeated });

export const servicePhotoIdsSchema = photoIdsSchema(PHOTOS_PER_SERVICE, en.photosTooManyService);
export const bookingPhotoIdsSchema = photoIdsSchema(PHOTOS_PER_BOOKING, en.photosTooManyBooking);
