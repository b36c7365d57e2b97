import { z } from 'zod';
import { BOOKING_STATUSES, SPECIAL_INSTRUCTION_MAX } from './constants';
import { CONTROL_CHARACTERS_MESSAGE, idSchema, MULTI_LINE_TEXT } from './common';
import { isIsoDate } from './dates';
import { bookingFlowFields, bookingPlaceFields, bookingStateQuerySchema } from './booking-flow';
import { personListQuerySchema } from './common';
import { bookingPhotoIdsSchema, photoSchema } from './photo';

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, {
  error: `must be one of ${BOOKING_STATUSES.join(', ')}`,
});

/**
 * `POST /api/bookings` body. Only serviceId, serviceTakingDate and specialInstruction are used; the
 * other fields the spec's client sends are accepted and ignored, because the server takes the
 * provider, price, name and image from the service row and the customer from the verified token.
 */
export const bookingCreateSchema = z
  .strictObject({
    serviceId: idSchema,
    serviceTakingDate: z
      .string({ error: 'Please select a service date.' })
      .refine(isIsoDate, { error: 'must be a date in yyyy-mm-dd form' }),
    specialInstruction: z
      .string()
      .trim()
      .regex(MULTI_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
      .max(SPECIAL_INSTRUCTION_MAX, { error: `must be at most ${SPECIAL_INSTRUCTION_MAX} characters` })
      .nullish(),
    serviceName: z.unknown().optional(),
    serviceImage: z.unknown().optional(),
    providerEmail: z.unknown().optional(),
    providerName: z.unknown().optional(),
    userEmail: z.unknown().optional(),
    userName: z.unknown().optional(),
    price: z.unknown().optional(),
    serviceStatus: z.literal('pending').optional(),
    status: z.literal('pending').optional(),
    bookedAt: z.unknown().optional(),
    /** Photos of the problem (issue 23): the customer's own uploads, seen only by the two parties. */
    photoIds: bookingPhotoIdsSchema.optional(),
    // Issue 20: the window of the day, where the work happens, the address and the phone.
    ...bookingPlaceFields,
  })
  .meta({ id: 'BookingCreate' });
export type BookingCreate = z.input<typeof bookingCreateSchema>;

/** `PUT /api/bookings/{id}/status`: the spec's client sends status and serviceStatus, the same. */
export const bookingStatusUpdateSchema = z
  .strictObject({
    status: bookingStatusSchema.optional(),
    serviceStatus: bookingStatusSchema.optional(),
  })
  .refine((b) => b.status ?? b.serviceStatus, { error: 'status is required', path: ['status'] })
  .refine((b) => !b.status || !b.serviceStatus || b.status === b.serviceStatus, {
    error: 'status and serviceStatus must be the same',
    path: ['serviceStatus'],
  })
  .meta({ id: 'BookingStatusUpdate' });

export const bookingSchema = z
  .object({
    _id: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    serviceImage: z.string(),
    price: z.number(),
    servicePrice: z.number(),
    providerName: z.string(),
    providerEmail: z.string(),
    providerPhone: z.string(),
    providerImage: z.string().nullable(),
    serviceArea: z.string(),
    status: bookingStatusSchema,
    serviceStatus: bookingStatusSchema,
    bookedAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    estimatedTime: z.string(),
    specialInstruction: z.string(),
    customerNotes: z.string(),
    serviceTakingDate: z.string(),
    userName: z.string(),
    customerName: z.string(),
    userEmail: z.string(),
    customerEmail: z.string(),
    /** The customer has reviewed this booking. */
    reviewed: z.boolean(),
    /** The service has since been deleted by its provider (the booking history stays). */
    serviceDeleted: z.boolean(),
    /** Photos of the problem sent with the request: only the two parties see them. */
    photos: z.array(photoSchema),
    ...bookingFlowFields,
  })
  .meta({ id: 'Booking' });

/** The lists of a person's bookings: the spec's query, and `state=ended` for cancelled, declined and expired ones. */
export const bookingListQuerySchema = personListQuerySchema.extend({ state: bookingStateQuerySchema });
export type Booking = z.infer<typeof bookingSchema>;

export const bookingStatsSchema = z
  .object({
    completedJobs: z.number().int(),
    totalCustomers: z.number().int(),
    totalBookings: z.number().int(),
    pendingBookings: z.number().int(),
    workingBookings: z.number().int(),
  })
  .meta({ id: 'BookingStats' });
export type BookingStats = z.infer<typeof bookingStatsSchema>;
