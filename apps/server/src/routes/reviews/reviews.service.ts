import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  en,
  PUBLIC_CUSTOMER_NAME,
  REVIEW_EDIT_DAYS,
  REVIEW_TITLE_MAX,
  type PersonListQuery,
  type PublicReview,
  type Review,
  type ReviewStats,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { bookings, reviews, services, users } from '../../db/schema';
import { notificationsFor } from '../../notifications/events';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { pageWindow, type Page, type QueryId, type QueryWindow } from '../../lib/paging';
import { jsonListOf, jsonObjectOf } from '../../db/json-rows';
import { preparedPerDb } from '../../db/prepared';
import type { AuthUser } from '../../auth';
import { personName } from '../bookings/bookings.service';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';

const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

/** A review's columns, as the API answers them once shaped (toApiReview, toPublicReview). */
const reviewColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  serviceId: reviews.serviceId,
  serviceName: bookings.serviceName,
  providerName: services.providerName,
  serviceArea: services.serviceArea,
  providerEmail: provider.email,
  customerEmail: customer.email,
  customerName: customer.displayName,
  customerImage: customer.photoUrl,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
};

/** Reviews joined to what they show of their booking, service and people (drizzle's dynamic query building). */
const joinReviewed = <Q extends PgSelect>(query: Q) =>
  query
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .innerJoin(customer, eq(customer.id, reviews.customerId))
    .innerJoin(provider, eq(provider.id, reviews.providerId));

const selectReviews = (db: Db) => joinReviewed(db.select(reviewColumns).from(reviews).$dynamic());
type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

function toApiReview(r: ReviewRow): Review {
  const created = r.createdAt.toISOString();
  return {
    _id: r.id,
    bookingId: r.bookingId,
    serviceId: r.serviceId,
    serviceName: r.serviceName,
    providerName: r.providerName,
    providerEmail: r.providerEmail,
    customerName: personName(r.customerName, r.customerEmail),
    customerEmail: r.customerEmail,
    customerImage: r.customerImage,
    customerLocation: r.serviceArea,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    createdAt: created,
    reviewDate: created,
  };
}

/** A review for anyone to read: no e-mail addresses, and no name made from one. */
function toPublicReview(r: ReviewRow): PublicReview {
  const { customerEmail: _customer, providerEmail: _provider, ...rest } = toApiReview(r);
  return { ...rest, customerName: r.customerName?.trim() || PUBLIC_CUSTOMER_NAME };
}

/** Default review title: "Review for {service name}", cut to the title limit. */
export function defaultTitle(serviceName: string): string {
  return `Review for ${serviceName}`.slice(0, REVIEW_TITLE_MAX);
}

/**
 * The customer reviews their completed booking, once. The review and the service's rating total and
 * review count change in one transaction; a second review of the booking is refused (409).
 */
export async function createReview(
  db: Db,
  user: AuthUser,
  input: { bookingId: string; rating: number; title?: string | null; comment: string },
): Promise<Review> {
  const note = notificationsFor(db);
  const reviewId = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        serviceTakingDate: bookings.serviceTakingDate,
        customerId: bookings.customerId,
        providerId: bookings.providerId,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        status: bookings.status,
      })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), isNull(bookings.cancelledAt)))
      .limit(1);
    if (!booking) throw notFound('Booking not found.');
    if (booking.customerId !== user.id) throw forbidden('Only the customer of this booking can review it.');
    if (booking.status !== 'completed') throw conflict('You can review a booking only after it is completed.');
    const [inserted] = await tx
      .insert(reviews)
      .values({
        bookingId: input.bookingId,
        serviceId: booking.serviceId,
        customerId: user.id,
        providerId: booking.providerId,
        rating: input.rating,
        title: input.title?.trim() || defaultTitle(booking.serviceName),
        comment: input.comment.trim(),
      })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning({ id: reviews.id });
    if (!inserted) throw conflict('You have already reviewed this booking.');
    await tx
      .update(services)
      .set({
        ratingTotal: sql`${services.ratingTotal} + ${input.rating}`,
        reviewCount: sql`${services.reviewCount} + 1`,
      })
      .where(eq(services.id, booking.serviceId));
    await note.add(tx, {
      kind: 'review_received',
      bookingId: input.bookingId,
      recipientId: booking.providerId,
      actorId: user.id,
      data: {
        serviceName: booking.serviceName,
        actorName: personName(user.displayName, user.email),
        excerpt: input.title?.trim() || input.comment.trim().slice(0, 140),
        rating: input.rating,
        serviceTakingDate: booking.serviceTakingDate,
        role: 'provider',
      },
    });
    return inserted.id;
  });
  note.announce();
  const [row] = await selectReviews(db).where(eq(reviews.id, reviewId));
  return toApiReview(row!);
}

/**
 * The customer edits their review within REVIEW_EDIT_DAYS of writing it: the service's rating
 * moves by the difference, in the same transaction (the review row is locked while it is read).
 */
export async function updateReview(
  db: Db,
  user: AuthUser,
  id: string,
  input: { rating: number; title?: string | null; comment: string },
): Promise<Review> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        customerId: reviews.customerId,
        serviceId: reviews.serviceId,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        serviceName: bookings.serviceName,
      })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(eq(reviews.id, id))
      .limit(1)
      .for('update', { of: reviews });
    if (!review) throw notFound(en.reviewNotFound);
    if (review.customerId !== user.id) throw forbidden(en.onlyAuthorEdits);
    if (Date.now() - review.createdAt.getTime() > REVIEW_EDIT_DAYS * 86_400_000) throw conflict(en.reviewEditClosed);
    await tx
      .update(reviews)
      .set({
        rating: input.rating,
        title: input.title?.trim() || defaultTitle(review.serviceName),
        comment: input.comment.trim(),
        editedAt: sql`now()`,
      })
      .where(eq(reviews.id, id));
    if (input.rating !== review.rating) {
      await tx
        .update(services)
        .set({ ratingTotal: sql`${services.ratingTotal} + ${input.rating - review.rating}` })
        .where(eq(services.id, review.serviceId));
    }
  });
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return toApiReview(row!);
}

const REVIEW_LIST_MAX = 100;

/** A service's latest reviews, newest first (its page's list). */
const latestOfService = <Q extends PgSelect>(query: Q, serviceId: QueryId) =>
  query
    .where(eq(reviews.serviceId, serviceId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEW_LIST_MAX);

const reviewsOfService = preparedPerDb((db, name) =>
  latestOfService(selectReviews(db), sql.placeholder('serviceId')).prepare(name('service_reviews')),
);

/** A service's latest reviews (its page's), prepared like the service's own read. */
export async function serviceReviews(db: Db, serviceId: string): Promise<PublicReview[]> {
  return (await reviewsOfService(db).execute({ serviceId })).map(toPublicReview);
}

/** A review as reviewsJson aggregates it (its time as JSON text). */
type ReviewJson = Omit<ReviewRow, 'createdAt'> & { createdAt: string };

/** Reviews as JSON objects of the API's columns, for a JSON column of another row (db/json-rows.ts). */
const reviewsAsJson = (db: Db) =>
  joinReviewed(
    db
      .select({ item: jsonObjectOf(reviewColumns) })
      .from(reviews)
      .$dynamic(),
  );

/**
 * A service's latest reviews (serviceReviews' list) as one JSON column of the row being selected:
 * its page reads them with the service, in one round trip. Read them with fromReviewsJson.
 */
export const serviceReviewsJson = (db: Db, serviceId: QueryId) =>
  jsonListOf<ReviewJson>(latestOfService(reviewsAsJson(db), serviceId));

export const fromReviewsJson = (list: readonly ReviewJson[]): PublicReview[] =>
  list.map((r) => toPublicReview({ ...r, createdAt: new Date(r.createdAt) }));

/** A page of a provider's reviews (reviews_provider_idx, newest first). */
const pageOfProvider = <Q extends PgSelect>(query: Q, providerId: QueryId, { limit, offset }: QueryWindow) =>
  query
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);

/** The page of a provider's reviews; values or placeholders. */
export const providerReviewsQuery = (db: Db, providerId: QueryId, window: QueryWindow) =>
  pageOfProvider(selectReviews(db), providerId, window);

/** The same page as one JSON column of the row being selected (the rendered provider page's). Read it with fromReviewsJson. */
export const providerReviewsJson = (db: Db, providerId: QueryId, window: QueryWindow) =>
  jsonListOf<ReviewJson>(pageOfProvider(reviewsAsJson(db), providerId, window));

/** The provider page's review reads, prepared like its other reads (providers.service.ts). */
const providerReviewReads = preparedPerDb((db, name) => {
  const id = sql.placeholder('id');
  return {
    page: providerReviewsQuery(db, id, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare(
      name('provider_reviews'),
    ),
    count: db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.providerId, id))
      .prepare(name('provider_review_count')),
  };
});

/**
 * A page of the reviews of a provider's services (a deleted service's too: deleting a service does
 * not take its reviews off its provider's record), newest first, and their number.
 */
export async function providerReviews(db: Db, providerId: string, query: PersonListQuery): Promise<Page<PublicReview>> {
  const [items, [count]] = await Promise.all([
    providerReviewReads(db)
      .page.execute({ id: providerId, ...pageWindow(query) })
      .then((rows) => rows.map(toPublicReview)),
    providerReviewReads(db).count.execute({ id: providerId }),
  ]);
  return { items, total: count?.total ?? 0 };
}

/** A page of the caller's own reviews, newest first, and their number. */
export async function customerReviews(db: Db, customerId: string, query: PersonListQuery): Promise<Page<Review>> {
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    selectReviews(db)
      .where(eq(reviews.customerId, customerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.customerId, customerId)),
  ]);
  return { items: rows.map(toApiReview), total: count?.total ?? 0 };
}

export async function recentReviews(db: Db, limit: number): Promise<PublicReview[]> {
  const rows = await selectReviews(db).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
  return rows.map(toPublicReview);
}

/** "45min", "3h 10min", "2 days 4h". */
export function formatMinutes(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m}min`;
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (hours < 48) return rest ? `${hours}h ${rest}min` : `${hours}h`;
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${days} days ${h}h` : `${days} days`;
}

export async function reviewStats(db: Db): Promise<ReviewStats> {
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      avg: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      positive: sql<
        string | null
      >`round(100.0 * count(*) FILTER (WHERE ${reviews.rating} >= 4) / NULLIF(count(*), 0), 1)`,
    })
    .from(reviews);
  const [t] = await db
    .select({
      minutes: sql<string | null>`avg(extract(epoch FROM (${bookings.startedAt} - ${bookings.bookedAt})) / 60)`,
    })
    .from(bookings)
    .where(sql`${bookings.startedAt} IS NOT NULL`);
  const minutes = t?.minutes == null ? null : Math.round(Number(t.minutes) * 10) / 10;
  return {
    totalReviews: r!.total,
    averageRating: r!.avg == null ? null : Number(r!.avg),
    averageResponseMinutes: minutes,
    averageResponseTime: minutes == null ? null : formatMinutes(minutes),
    positiveFeedbackPercentage: r!.positive == null ? null : Number(r!.positive),
  };
}
