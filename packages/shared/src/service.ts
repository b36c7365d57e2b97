import { z } from 'zod';
import {
  AREAS,
  MAX_SERVICE_PRICE,
  MIN_SERVICE_PRICE,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PERSON_NAME_MAX,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_TEXT_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DESCRIPTION_MIN,
  SERVICE_NAME_MAX,
  SERVICE_STATUSES,
  LIST_SORT_KEYS,
  CATEGORIES,
} from './constants';
import { CONTROL_CHARACTERS_MESSAGE, MULTI_LINE_TEXT, optionalUrlSchema, SINGLE_LINE_TEXT, urlSchema } from './common';
import { serviceBookingTermsFields, serviceBookingTermsSchema } from './booking-flow';
import { photoSchema, servicePhotoIdsSchema } from './photo';
import { areaIdSchema, districtIdSchema, placeLabelSchema, SERVICE_AREAS_MAX } from './place';
import { en } from './messages/en';

const requiredText = (label: string, max: number, min = 1, multiline = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, { error: `${label} ${CONTROL_CHARACTERS_MESSAGE}` })
    .min(min, { error: min > 1 ? `${label} must be at least ${min} characters` : `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * A price as people write it in Bangladesh, as plain Latin digits: the taka sign (৳) before or
 * after, spaces, and grouping commas or spaces the Bangladeshi way (2,50,000) or the Western way
 * (250,000), in Latin or Bengali digits: "৳২,৫০০", "৳ 2,500", "২৫০০" and "2500" all read "2500".
 * Anything else (a number, or text of another shape such as "2,5" or "abc") is returned as it is,
 * for the number check that follows to accept or refuse.
 */
export function normalisePrice(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value
    .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
    .trim()
    .replace(/^৳\s*|\s*৳$/, '');
  // One kind of separator, in groups: 12,34,567 (lakh and crore), 1,234,567, or none.
  const grouped = /^(?:\d{1,2}(?:[,\s]\d{2})*[,\s]\d{3}|\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.\d+)?$/;
  if (!grouped.test(text)) return value;
  const separators = new Set(text.match(/[,\s]/g) ?? []);
  return separators.size <= 1 ? text.replace(/[,\s]/g, '') : value;
}

/** Fields of the Add / Edit service form, as typed by the provider. */
export const serviceFieldsSchema = z.object({
  serviceName: requiredText('Service name', SERVICE_NAME_MAX, 3),
  serviceDescription: requiredText('Description', SERVICE_DESCRIPTION_MAX, SERVICE_DESCRIPTION_MIN, true),
  // The price as a number, or as typed ("৳২,৫০০"): read by normalisePrice before the number check.
  servicePrice: z.preprocess(
    normalisePrice,
    z.coerce
      .number({ error: 'Price must be a number' })
      .min(MIN_SERVICE_PRICE, { error: `Price must be at least ${MIN_SERVICE_PRICE}` })
      .max(MAX_SERVICE_PRICE, { error: `Price must be at most ${MAX_SERVICE_PRICE}` })
      .multipleOf(0.01, { error: 'Price may have at most two decimals' }),
  ),
  serviceArea: z.enum(AREAS, { error: `Area must be one of ${AREAS.join(', ')}` }),
  /**
   * Its district (issue 24: a district id of the division, GET /api/places), and the upazilas or
   * city areas it serves within it. Optional for the spec's clients, which send the division only.
   */
  serviceDistrict: districtIdSchema.nullable().optional(),
  serviceAreas: z.array(areaIdSchema).max(SERVICE_AREAS_MAX, { error: en.serviceAreasTooMany }).optional(),
  serviceImage: urlSchema,
  providerName: requiredText('Provider name', PERSON_NAME_MAX),
  providerImage: optionalUrlSchema,
});
export type ServiceFields = z.input<typeof serviceFieldsSchema>;

/**
 * `POST /api/services` body. The spec's client also sends providerEmail (the caller's own, checked
 * by the server), createdAt and updatedAt (ignored: the server keeps time), and may name the image
 * `imageURL`.
 */
export const serviceCreateSchema = z
  .strictObject({
    ...serviceFieldsSchema.shape,
    serviceImage: urlSchema.optional(),
    imageURL: urlSchema.optional(),
    providerEmail: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    status: z.enum(SERVICE_STATUSES).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    /** Uploaded photos (issue 23), the cover first: the cover's URL becomes the serviceImage. */
    photoIds: servicePhotoIdsSchema.optional(),
    ...serviceBookingTermsFields,
  })
  .refine((b) => b.serviceImage ?? b.imageURL ?? b.photoIds?.length, {
    error: 'Service image is required',
    path: ['serviceImage'],
  })
  // A new service shows an uploaded photo or an image over https (never plain http: mixed content).
  .refine((b) => ![b.serviceImage, b.imageURL].some((url) => url?.startsWith('http:')), {
    error: en.serviceImageHttps,
    path: ['serviceImage'],
  })
  .meta({ id: 'ServiceCreate' });
export type ServiceCreate = z.input<typeof serviceCreateSchema>;

/** `PUT /api/services/{id}` body: the full payload, or only `{ status }` (Pause/Activate). */
export const serviceUpdateSchema = z
  .strictObject({
    ...serviceFieldsSchema.partial().shape,
    imageURL: urlSchema.optional(),
    providerEmail: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    status: z.enum(SERVICE_STATUSES, { error: 'Status must be active or paused' }).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    _id: z.string().optional(),
    /** The service's photos, all of them in order (an empty list removes them all). */
    photoIds: servicePhotoIdsSchema.optional(),
    ...serviceBookingTermsFields,
  })
  .meta({ id: 'ServiceUpdate' });
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

export const serviceSchema = z
  .object({
    _id: z.string(),
    serviceName: z.string(),
    serviceDescription: z.string(),
    servicePrice: z.number(),
    serviceArea: z.string(),
    /** Its district's id, null when its provider named only the division. */
    serviceDistrict: z.string().nullable(),
    /** The ids of the upazilas or city areas it serves (none: the whole district). */
    serviceAreas: z.array(z.string()),
    /** Its district and areas, named in English and Bangla (for lists and pages). */
    places: z.array(placeLabelSchema),
    serviceImage: z.string(),
    providerName: z.string(),
    providerEmail: z.string(),
    providerImage: z.string().nullable(),
    /** The provider has confirmed their e-mail with the identity service ("Verified Provider"). */
    providerVerified: z.boolean(),
    status: z.enum(SERVICE_STATUSES),
    bookings: z.number().int(),
    /** Average of the real reviews, null while there are none. */
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** How it is booked: on the service page and the provider's own services only. */
    bookingTerms: serviceBookingTermsSchema.optional(),
    /** Its provider's id, on the service page only (GET /api/services/{id}): their page is /providers/{providerId}. */
    providerId: z.string().optional(),
    /** Its uploaded photos in order, the cover first: on the service page and the provider's own services only. */
    photos: z.array(photoSchema).optional(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

const pageNumber = z.coerce.number({ error: 'must be a number' }).int().min(1);

export const serviceListQuerySchema = z.strictObject({
  search: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX)
    .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
    .optional(),
  area: z.enum(AREAS, { error: `must be one of ${AREAS.join(', ')}` }).optional(),
  /** A district (its division is implied; `area`, when given, must be it). */
  district: districtIdSchema.optional(),
  /** An upazila or city area (its district and division are implied). */
  place: areaIdSchema.optional(),
  /** Default: best with a search, newest without. */
  sort: z.enum(LIST_SORT_KEYS, { error: `must be one of ${LIST_SORT_KEYS.join(', ')}` }).optional(),
  page: pageNumber.max(100_000).default(1),
  limit: pageNumber.max(PAGE_SIZE_MAX, { error: `must be at most ${PAGE_SIZE_MAX}` }).default(PAGE_SIZE_DEFAULT),
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
/** The list query as the server receives it, defaults applied. */
export type ServiceListParams = z.output<typeof serviceListQuerySchema>;

/** How a search was understood: the words that matched, and the correction when typos were fixed. */
export const searchUnderstandingSchema = z
  .object({
    /** The query with its unknown words replaced by the closest known ones ("Showing results for"), or null. */
    corrected: z.string().nullable(),
    /** Every word that matched: typed, completed, synonyms and corrections (for highlighting). */
    terms: z.array(z.string()),
    /**
     * The place the search named ("laptop mirpur", "মিরপুর ল্যাপটপ"), read as a filter and not as
     * words to find; null when it named none (or a place filter was chosen already).
     */
    place: z
      .object({
        /** A division's name, a district's or an area's id, as the list's area, district or place takes it. */
        id: z.string(),
        name: z.string(),
        bn: z.string(),
        kind: z.enum(['division', 'district', 'upazila', 'city-area']),
        /** The words of the search read as the place, as typed. */
        text: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'SearchUnderstanding' });
export type SearchUnderstanding = z.infer<typeof searchUnderstandingSchema>;

export const serviceListSchema = z
  .object({
    services: z.array(serviceSchema),
    /** Matching services; when `totalCapped`, at least this many (the count stops at LIST_WINDOW). */
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
    /** How `search` was understood; null without a search. */
    query: searchUnderstandingSchema.nullable(),
  })
  .meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof serviceListSchema>;

export const searchParamsSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(SEARCH_TEXT_MAX)
    .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE }),
});
export const searchQuerySchema = z.strictObject({
  /** The same place filters as the list (serviceListQuerySchema). */
  area: z.enum(AREAS, { error: `must be one of ${AREAS.join(', ')}` }).optional(),
  district: districtIdSchema.optional(),
  place: areaIdSchema.optional(),
  limit: pageNumber
    .max(SEARCH_LIMIT_MAX, { error: `must be at most ${SEARCH_LIMIT_MAX}` })
    .default(SEARCH_LIMIT_DEFAULT),
});

export const areaCountSchema = z.object({ area: z.enum(AREAS), count: z.number().int() }).meta({ id: 'AreaCount' });
export type AreaCount = z.infer<typeof areaCountSchema>;

export const categoryCountSchema = z
  .object({
    key: z.enum(CATEGORIES.map((c) => c.key) as [string, ...string[]]),
    name: z.string(),
    keywords: z.array(z.string()),
    count: z.number().int(),
  })
  .meta({ id: 'CategoryCount' });
export type CategoryCount = z.infer<typeof categoryCountSchema>;
