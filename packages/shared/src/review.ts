import { z } from 'zod';
import {
  RECENT_REVIEWS_DEFAULT,
  RECENT_REVIEWS_MAX,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_TITLE_MAX,
} from './constants';
import { CONTROL_CHARACTERS_MESSAGE, idSchema, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from './common';

export const reviewMessages = {
  commentRequired: 'Please write a review comment',
  commentTooShort: 'Review comment must be at least 10 characters long',
  commentTooLong: `Review comment must be at most ${REVIEW_COMMENT_MAX} characters long`,
  titleTooLong: `Review title must be at most ${REVIEW_TITLE_MAX} characters long`,
  rating: 'Rating must be a whole number from 1 to 5',
} as const;

/**
 * A star count from 1 to 5: a number, or its digits as text (a form field's value). Anything else
 * (true, [5], null, "") is refused rather than coerced into a rating.
 */
const ratingSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: reviewMessages.rating })
  .pipe(
    z
      .number()
      .int({ error: reviewMessages.rating })
      .min(1, { error: reviewMessages.rating })
      .max(5, { error: reviewMessages.rating }),
  );

/** The review form's fields, shared by the dialog and the server. */
export const reviewFieldsSchema = z.object({
  rating: ratingSchema,
  title: z
    .string()
    .trim()
    .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
    .max(REVIEW_TITLE_MAX, { error: reviewMessages.titleTooLong })
    .nullish(),
  comment: z
    .string({ error: reviewMessages.commentRequired })
    .trim()
    .regex(MULTI_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
    .min(1, { error: reviewMessages.commentRequired })
    .min(REVIEW_COMMENT_MIN, { error: reviewMessages.commentTooShort })
    .max(REVIEW_COMMENT_MAX, { error: reviewMessages.commentTooLong }),
});

/**
 * `POST /api/reviews` body. bookingId decides everything; the spec's other fields are accepted and
 * ignored (service, provider and customer come from the booking and the verified token).
 */
export const reviewCreateSchema = z
  .strictObject({
    ...reviewFieldsSchema.shape,
    bookingId: idSchema,
    serviceId: z.unknown().optional(),
    serviceName: z.unknown().optional(),
    providerEmail: z.unknown().optional(),
    providerName: z.unknown().optional(),
    customerEmail: z.unknown().optional(),
    customerName: z.unknown().optional(),
    reviewDate: z.unknown().optional(),
  })
  .meta({ id: 'ReviewCreate' });
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/** `PUT /api/reviews/{id}`: the customer's edit of their review, within REVIEW_EDIT_DAYS. */
export const reviewUpdateSchema = z.strictObject({ ...reviewFieldsSchema.shape }).meta({ id: 'ReviewUpdate' });

export const reviewSchema = z
  .object({
    _id: z.string(),
    bookingId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    providerName: z.string(),
    providerEmail: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerImage: z.string().nullable(),
    customerLocation: z.string(),
    rating: z.number().int(),
    title: z.string(),
    comment: z.string(),
    createdAt: z.string(),
    reviewDate: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/**
 * A review as anyone may read it (`/reviews/recent`, `/reviews/service/{id}`): without the e-mail
 * addresses of the customer and the provider, and a customer without a display name is shown as
 * PUBLIC_CUSTOMER_NAME rather than by the start of their e-mail address.
 */
export const publicReviewSchema = reviewSchema
  .omit({ customerEmail: true, providerEmail: true })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const PUBLIC_CUSTOMER_NAME = 'Meramot customer';

export const recentReviewsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(RECENT_REVIEWS_MAX, { error: `must be at most ${RECENT_REVIEWS_MAX}` })
    .default(RECENT_REVIEWS_DEFAULT),
});

export const reviewStatsSchema = z
  .object({
    totalReviews: z.number().int(),
    /** Mean rating to one decimal, null with no reviews. */
    averageRating: z.number().nullable(),
    /** Mean minutes from booking to the provider's first status change, null when none responded. */
    averageResponseMinutes: z.number().nullable(),
    /** The same as text, e.g. "45min" or "3h 10min"; null when none responded. */
    averageResponseTime: z.string().nullable(),
    /** Share of reviews rated 4 or 5, in percent to one decimal; null with no reviews. */
    positiveFeedbackPercentage: z.number().nullable(),
  })
  .meta({ id: 'ReviewStats' });
export type ReviewStats = z.infer<typeof reviewStatsSchema>;
