import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from './common';
import { isIsoDate } from './dates';
import { BD_PHONE_PATTERN, profileMessages } from './user';

/**
 * The booking's life beyond the spec's three statuses (issue 20). `status` (pending, working,
 * completed) stays what the spec's clients send and read; `state` says more:
 *
 * | state     | status    | how it is reached                                                  |
 * | --------- | --------- | ------------------------------------------------------------------ |
 * | pending   | pending   | the customer books                                                 |
 * | accepted  | pending   | the provider accepts, or either side accepts the other's new time  |
 * | working   | working   | the provider starts (a pending booking started is accepted too)    |
 * | completed | completed | the provider completes                                             |
 * | declined  | pending   | the provider declines a pending booking, with a reason             |
 * | expired   | pending   | nobody answered a pending booking within BOOKING_EXPIRY_HOURS      |
 * | cancelled | pending   | the customer cancels a pending or accepted booking                 |
 *
 * Declined, expired and cancelled bookings have ended: they leave the spec's lists and are listed
 * with `?state=ended`.
 */
export const BOOKING_STATES = [
  'pending',
  'accepted',
  'working',
  'completed',
  'declined',
  'expired',
  'cancelled',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const ENDED_STATES = ['declined', 'expired', 'cancelled'] as const satisfies readonly BookingState[];

/** Hours a pending booking waits for the provider's answer before it expires (the server's default). */
export const BOOKING_EXPIRY_HOURS = 48;
/** A window must start at least this long after the booking (or proposal) is made. */
export const MIN_NOTICE_MINUTES = 120;
export const DECLINE_REASON_MAX = 300;
export const ADDRESS_MAX = 300;

/**
 * The day is cut into three windows, as a technician's visit is planned (an arrival within a few
 * hours, not at a minute): each is intersected with the provider's hours of that day and offered
 * when at least WINDOW_MIN_MINUTES of it remain. Three choices fit a phone screen and say honestly
 * how precise a repair visit is; hourly slots would promise a precision nobody keeps.
 */
export const BOOKING_WINDOWS = {
  morning: { from: '09:00', to: '12:00' },
  afternoon: { from: '12:00', to: '16:00' },
  evening: { from: '16:00', to: '21:00' },
} as const;
export const BOOKING_WINDOW_NAMES = ['morning', 'afternoon', 'evening'] as const;
export type BookingWindowName = (typeof BOOKING_WINDOW_NAMES)[number];
export const WINDOW_MIN_MINUTES = 60;

/** Where the work happens: at the provider's shop, at the customer's place, or either (the customer chooses). */
export const WORK_LOCATIONS = ['shop', 'customer', 'either'] as const;
export type WorkLocation = (typeof WORK_LOCATIONS)[number];
export const BOOKING_LOCATIONS = ['shop', 'customer'] as const;
export type BookingLocation = (typeof BOOKING_LOCATIONS)[number];

/** Days as JavaScript numbers them: 0 Sunday … 6 Saturday (in Asia/Dhaka). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const bookingFlowMessages = {
  hoursInvalid: 'Opening hours must be given as a day and a from–to time, from before to, each day once.',
  windowRequired: 'Please choose a time window.',
  windowOutsideHours: 'The provider does not work in that window on that day. Please choose another time.',
  windowPast: 'That time has passed. Please choose a later time.',
  windowTooSoon: `Please choose a time at least ${MIN_NOTICE_MINUTES / 60} hours from now.`,
  addressRequired: 'Please enter the address where the repair should happen.',
  addressTooLong: `The address must be at most ${ADDRESS_MAX} characters.`,
  phoneRequired: 'Please enter a phone number the provider can call.',
  locationNotOffered: 'This service does not offer repairs there. Please choose where the work happens.',
  declineReasonRequired: 'Please tell the customer why you decline.',
  declineReasonTooLong: `The reason must be at most ${DECLINE_REASON_MAX} characters.`,
} as const;

/** One day's hours of a service, in Asia/Dhaka. */
export const dayHoursSchema = z.strictObject({
  day: z.number().int().min(0).max(6),
  from: z.string().regex(HHMM, { error: bookingFlowMessages.hoursInvalid }),
  to: z.string().regex(HHMM, { error: bookingFlowMessages.hoursInvalid }),
});
export type DayHours = z.infer<typeof dayHoursSchema>;

export const weeklyHoursSchema = z
  .array(dayHoursSchema)
  .max(7)
  .refine((days) => days.every((d) => minutesOf(d.from) < minutesOf(d.to)), {
    error: bookingFlowMessages.hoursInvalid,
  })
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, {
    error: bookingFlowMessages.hoursInvalid,
  });
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** The hours of a service whose provider gave none: every day, 09:00 to 21:00. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = WEEKDAYS.map((day) => ({ day, from: '09:00', to: '21:00' }));

const DHAKA_OFFSET_MS = 6 * 3_600_000; // Asia/Dhaka is UTC+6 all year (no daylight saving).

/** The instant of a wall-clock time (HH:MM) on a date (yyyy-mm-dd) in Asia/Dhaka. */
export function dhakaInstant(date: string, hhmm: string): Date {
  return new Date(Date.parse(`${date}T${hhmm}:00Z`) - DHAKA_OFFSET_MS);
}

/** The weekday (0 Sunday … 6 Saturday) of a yyyy-mm-dd date. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface OfferedWindow {
  name: BookingWindowName;
  /** Wall-clock bounds in Asia/Dhaka (HH:MM). */
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** The named window on a date, cut to the provider's hours of that day (null: not offered). */
export function windowOn(date: string, name: BookingWindowName, hours: WeeklyHours | null): OfferedWindow | null {
  const day = (hours ?? DEFAULT_WEEKLY_HOURS).find((d) => d.day === weekdayOf(date));
  if (!day) return null;
  const base = BOOKING_WINDOWS[name];
  const from = minutesOf(base.from) > minutesOf(day.from) ? base.from : day.from;
  const to = minutesOf(base.to) < minutesOf(day.to) ? base.to : day.to;
  if (minutesOf(to) - minutesOf(from) < WINDOW_MIN_MINUTES) return null;
  return { name, from, to, start: dhakaInstant(date, from), end: dhakaInstant(date, to) };
}

export type WindowProblem = 'outside' | 'past' | 'too-soon';

/** Why a window cannot be booked at `now` (null: it can). */
export function windowProblem(
  date: string,
  name: BookingWindowName,
  hours: WeeklyHours | null,
  now: Date = new Date(),
): WindowProblem | null {
  const window = windowOn(date, name, hours);
  if (!window) return 'outside';
  if (window.start.getTime() <= now.getTime()) return 'past';
  if (window.start.getTime() < now.getTime() + MIN_NOTICE_MINUTES * 60_000) return 'too-soon';
  return null;
}

/** The windows a customer may choose on a date at `now`. */
export function windowsFor(date: string, hours: WeeklyHours | null, now: Date = new Date()): OfferedWindow[] {
  return BOOKING_WINDOW_NAMES.filter((name) => windowProblem(date, name, hours, now) === null).map((name) =>
    windowOn(date, name, hours)!,
  );
}

export const windowProblemMessage: Record<WindowProblem, string> = {
  outside: bookingFlowMessages.windowOutsideHours,
  past: bookingFlowMessages.windowPast,
  'too-soon': bookingFlowMessages.windowTooSoon,
};

const dateSchema = z
  .string({ error: 'Please select a service date.' })
  .refine(isIsoDate, { error: 'must be a date in yyyy-mm-dd form' });
export const bookingWindowNameSchema = z.enum(BOOKING_WINDOW_NAMES, { error: bookingFlowMessages.windowRequired });

export const bdPhoneSchema = z
  .string({ error: bookingFlowMessages.phoneRequired })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: bookingFlowMessages.phoneRequired })
      .regex(BD_PHONE_PATTERN, { error: profileMessages.invalidPhone }),
  );

export const addressSchema = z
  .string({ error: bookingFlowMessages.addressRequired })
  .trim()
  .regex(MULTI_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
  .min(1, { error: bookingFlowMessages.addressRequired })
  .max(ADDRESS_MAX, { error: bookingFlowMessages.addressTooLong });

/** What POST /api/bookings takes beyond the spec's fields (all optional for the spec's clients). */
export const bookingPlaceFields = {
  window: bookingWindowNameSchema.optional(),
  location: z.enum(BOOKING_LOCATIONS).optional(),
  address: addressSchema.optional(),
  customerPhone: bdPhoneSchema.optional(),
};

/** `POST /api/bookings/{id}/decline`. */
export const bookingDeclineSchema = z
  .strictObject({
    reason: z
      .string({ error: bookingFlowMessages.declineReasonRequired })
      .trim()
      .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
      .min(1, { error: bookingFlowMessages.declineReasonRequired })
      .max(DECLINE_REASON_MAX, { error: bookingFlowMessages.declineReasonTooLong }),
  })
  .meta({ id: 'BookingDecline' });

/** `POST /api/bookings/{id}/proposals`: another day and window. */
export const bookingProposalCreateSchema = z
  .strictObject({ serviceTakingDate: dateSchema, window: bookingWindowNameSchema })
  .meta({ id: 'BookingProposalCreate' });

export const bookingWindowSchema = z
  .object({
    name: z.enum(BOOKING_WINDOW_NAMES),
    date: z.string(),
    /** Wall-clock bounds in Asia/Dhaka. */
    from: z.string(),
    to: z.string(),
    start: z.string(),
    end: z.string(),
  })
  .meta({ id: 'BookingWindow' });
export type BookingWindow = z.infer<typeof bookingWindowSchema>;

export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'superseded', 'closed'] as const;
export const bookingProposalSchema = z
  .object({
    id: z.string(),
    by: z.enum(['customer', 'provider']),
    window: bookingWindowSchema,
    status: z.enum(PROPOSAL_STATUSES),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: 'BookingProposal' });
export type BookingProposal = z.infer<typeof bookingProposalSchema>;

/** A customer may edit their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 7;

/** The review of a booking, as both its parties read it on the booking. */
export const bookingReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    title: z.string(),
    comment: z.string(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    /** Until when its customer may still edit it. */
    editableUntil: z.string(),
  })
  .meta({ id: 'BookingReview' });

/** The booking's fields of issue 20 (added to the spec's Booking). */
export const bookingFlowFields = {
  state: z.enum(BOOKING_STATES),
  window: bookingWindowSchema.nullable(),
  location: z.enum(BOOKING_LOCATIONS),
  /** The customer's address (work at their place): to the provider only once accepted; always to the customer. */
  address: z.string().nullable(),
  /** The customer's phone: to the provider only once accepted; always to the customer. */
  customerPhone: z.string().nullable(),
  /** The shop's address (work at the shop): to the customer. */
  shopAddress: z.string().nullable(),
  /** Whether the phones and the address are shown to the other party (accepted, working or completed). */
  contactShared: z.boolean(),
  /** How long the job usually takes, in minutes, when the provider said. */
  jobMinutes: z.number().int().nullable(),
  declineReason: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** When a pending booking expires unanswered. */
  expiresAt: z.string().nullable(),
  /** Every new time proposed for it, oldest first. */
  proposals: z.array(bookingProposalSchema),
  /** Its review, once the customer wrote one. */
  review: bookingReviewSchema.nullable(),
};

export const JOB_MINUTES_MAX = 7 * 24 * 60;
export const SHOP_ADDRESS_MAX = ADDRESS_MAX;

/**
 * How a service is booked, set by its provider (issue 20): the weekly hours in Asia/Dhaka, how
 * long the job usually takes, where the work happens and the shop's address. Read on the service
 * page (`bookingTerms` of GET /api/services/{id}); public lists leave it out.
 */
export const serviceBookingTermsFields = {
  weeklyHours: weeklyHoursSchema.optional(),
  jobMinutes: z
    .number({ error: 'Job duration must be a number of minutes' })
    .int({ error: 'Job duration must be a number of minutes' })
    .min(15, { error: 'Job duration must be at least 15 minutes' })
    .max(JOB_MINUTES_MAX, { error: `Job duration must be at most ${JOB_MINUTES_MAX} minutes` })
    .nullable()
    .optional(),
  workLocation: z.enum(WORK_LOCATIONS, { error: 'Where the work happens must be shop, customer or either' }).optional(),
  shopAddress: z
    .string()
    .trim()
    .regex(MULTI_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
    .max(SHOP_ADDRESS_MAX, { error: bookingFlowMessages.addressTooLong })
    .nullable()
    .optional(),
};
export const serviceBookingTermsSchema = z
  .object({
    weeklyHours: weeklyHoursSchema,
    /** True when the provider set no hours: the default (every day 09:00-21:00) applies. */
    defaultHours: z.boolean(),
    jobMinutes: z.number().int().nullable(),
    workLocation: z.enum(WORK_LOCATIONS),
    shopAddress: z.string().nullable(),
  })
  .meta({ id: 'ServiceBookingTerms' });
export type ServiceBookingTerms = z.infer<typeof serviceBookingTermsSchema>;

export const bookingStateQuerySchema = z.enum(['active', 'ended']).default('active');
