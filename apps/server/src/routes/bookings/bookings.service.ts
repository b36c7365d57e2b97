import { and, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addDays,
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_STATUSES,
  DEFAULT_ESTIMATED_TIME,
  DEFAULT_PROVIDER_PHONE,
  DEFAULT_SERVICE_AREA,
  dhakaDate,
  MAX_PENDING_BOOKINGS,
  MAX_PENDING_BOOKINGS_PER_SERVICE,
  type Booking,
  type BookingStats,
  type BookingStatus,
  type PersonListQuery,
} from '@meramot/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { bookings, reviews, services, users } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { pageWindow, type Page } from '../../lib/paging';
import type { AuthUser } from '../../auth';
import { notificationsFor } from '../../notifications/events';

const provider = alias(users, 'provider');
const customer = alias(users, 'customer');

const selectBookings = (db: Db) =>
  db
    .select({
      id: bookings.id,
      serviceId: bookings.serviceId,
      serviceName: bookings.serviceName,
      serviceImage: bookings.serviceImage,
      price: bookings.price,
      serviceTakingDate: bookings.serviceTakingDate,
      specialInstruction: bookings.specialInstruction,
      status: bookings.status,
      bookedAt: bookings.bookedAt,
      startedAt: bookings.startedAt,
      completedAt: bookings.completedAt,
      providerName: services.providerName,
      providerImage: services.providerImage,
      serviceArea: services.serviceArea,
      serviceDeletedAt: services.deletedAt,
      providerEmail: provider.email,
      providerPhone: provider.phone,
      customerEmail: customer.email,
      customerName: customer.displayName,
      reviewId: reviews.id,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .innerJoin(customer, eq(customer.id, bookings.customerId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id));
type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

/** The name shown for a person: their display name, else the part of the e-mail before the @. */
export function personName(displayName: string | null, email: string): string {
  return displayName?.trim() || email.split('@')[0] || 'User';
}

function toApiBooking(r: BookingRow): Booking {
  const status = r.status as BookingStatus;
  const name = personName(r.customerName, r.customerEmail);
  const price = Number(r.price);
  return {
    _id: r.id,
    serviceId: r.serviceId,
    serviceName: r.serviceName,
    serviceImage: r.serviceImage,
    price,
    servicePrice: price,
    providerName: r.providerName,
    providerEmail: r.providerEmail,
    providerPhone: r.providerPhone ?? DEFAULT_PROVIDER_PHONE,
    providerImage: r.providerImage ?? null,
    serviceArea: r.serviceArea ?? DEFAULT_SERVICE_AREA,
    status,
    serviceStatus: status,
    bookedAt: r.bookedAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    estimatedTime: DEFAULT_ESTIMATED_TIME,
    specialInstruction: r.specialInstruction,
    customerNotes: r.specialInstruction,
    serviceTakingDate: r.serviceTakingDate,
    userName: name,
    customerName: name,
    userEmail: r.customerEmail,
    customerEmail: r.customerEmail,
    reviewed: r.reviewId != null,
    serviceDeleted: r.serviceDeletedAt != null,
  };
}

const live = isNull(bookings.cancelledAt);

async function bookingById(db: Db, id: string): Promise<Booking> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound('Booking not found.');
  return toApiBooking(row);
}

/** A person's live bookings as customer or as provider, newest first (exported for the query-plan tests). */
export const personBookingsQuery = (db: Db, role: 'customer' | 'provider', userId: string | Placeholder) =>
  selectBookings(db)
    .where(and(eq(role === 'customer' ? bookings.customerId : bookings.providerId, userId), live))
    .orderBy(desc(bookings.bookedAt), desc(bookings.id));

const pagedBookings = (db: Db, role: 'customer' | 'provider', name: (s: string) => string) =>
  personBookingsQuery(db, role, sql.placeholder('userId'))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name(`${role}_bookings_page`));
const customerBookings = preparedPerDb((db, name) => pagedBookings(db, 'customer', name));
const providerBookings = preparedPerDb((db, name) => pagedBookings(db, 'provider', name));
const countBookings = (db: Db, role: 'customer' | 'provider', name: (s: string) => string) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(role === 'customer' ? bookings.customerId : bookings.providerId, sql.placeholder('userId')), live))
    .prepare(name(`${role}_bookings_count`));
const customerCount = preparedPerDb((db, name) => countBookings(db, 'customer', name));
const providerCount = preparedPerDb((db, name) => countBookings(db, 'provider', name));

async function personBookings(
  db: Db,
  role: 'customer' | 'provider',
  userId: string,
  query: PersonListQuery,
): Promise<Page<Booking>> {
  const [rows, [count]] = await Promise.all([
    (role === 'customer' ? customerBookings : providerBookings)(db).execute({ userId, ...pageWindow(query) }),
    (role === 'customer' ? customerCount : providerCount)(db).execute({ userId }),
  ]);
  return { items: rows.map(toApiBooking), total: count?.total ?? 0 };
}

/** A page of the caller's bookings as a customer, newest first; cancelled ones are left out. */
export const listCustomerBookings = (db: Db, customerId: string, query: PersonListQuery) =>
  personBookings(db, 'customer', customerId, query);

/** A page of the booking requests the caller received as a provider, newest first. */
export const listProviderBookings = (db: Db, providerId: string, query: PersonListQuery) =>
  personBookings(db, 'provider', providerId, query);

export function checkServiceDate(date: string, today = dhakaDate()): void {
  if (date < today) throw badRequest('The service date must be today or later (Asia/Dhaka time).');
  if (date > addDays(today, BOOKING_MAX_DAYS_AHEAD)) {
    throw badRequest(`The service date must be within the next ${BOOKING_MAX_DAYS_AHEAD} days.`);
  }
}

/**
 * Books a service for the caller. Provider, price, name and image come from the service row.
 * With an idempotency key, a repeated request answers the booking made the first time.
 */
export async function createBooking(
  db: Db,
  user: AuthUser,
  input: { serviceId: string; serviceTakingDate: string; specialInstruction?: string | null },
  idempotencyKey: string | null,
): Promise<{ booking: Booking; created: boolean }> {
  checkServiceDate(input.serviceTakingDate);
  const note = notificationsFor(db);
  const bookingId = await db.transaction(async (tx) => {
    const existing = async () => {
      if (!idempotencyKey) return null;
      const [row] = await tx
        .select({ id: bookings.id, serviceId: bookings.serviceId })
        .from(bookings)
        .where(and(eq(bookings.customerId, user.id), eq(bookings.idempotencyKey, idempotencyKey)))
        .limit(1);
      if (row && row.serviceId !== input.serviceId) {
        throw conflict('This Idempotency-Key was already used for a booking of another service.');
      }
      return row?.id ?? null;
    };
    const earlier = await existing();
    if (earlier) return { id: earlier, created: false };

    const [service] = await tx
      .select({
        providerId: services.providerId,
        serviceName: services.serviceName,
        serviceImage: services.serviceImage,
        servicePrice: services.servicePrice,
        status: services.status,
      })
      .from(services)
      .where(and(eq(services.id, input.serviceId), isNull(services.deletedAt)))
      .limit(1);
    if (!service) throw notFound('Service not found.');
    if (service.providerId === user.id) throw forbidden('You cannot book your own service.');
    if (service.status !== 'active')
      throw conflict('This service is paused by its provider and cannot be booked right now.');
    await checkPendingLimits(tx, user.id, input.serviceId);

    const [inserted] = await tx
      .insert(bookings)
      .values({
        serviceId: input.serviceId,
        customerId: user.id,
        providerId: service.providerId,
        serviceName: service.serviceName,
        serviceImage: service.serviceImage,
        price: service.servicePrice,
        serviceTakingDate: input.serviceTakingDate,
        specialInstruction: input.specialInstruction?.trim() ?? '',
        idempotencyKey,
      })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (!inserted) {
      // A concurrent request with the same key committed first.
      const id = await existing();
      if (!id) throw conflict('This booking could not be created. Please try again.');
      return { id, created: false };
    }
    await tx
      .update(services)
      .set({ bookingsCount: sql`${services.bookingsCount} + 1` })
      .where(eq(services.id, input.serviceId));
    await note.add(tx, {
      kind: 'booking_requested',
      bookingId: inserted.id,
      recipientId: service.providerId,
      actorId: user.id,
      data: {
        serviceName: service.serviceName,
        actorName: personName(user.displayName, user.email),
        excerpt: input.specialInstruction?.trim().slice(0, 140) || null,
        serviceTakingDate: input.serviceTakingDate,
        price: service.servicePrice,
        role: 'provider',
      },
    });
    return { id: inserted.id, created: true };
  });
  note.announce();
  return { booking: await bookingById(db, bookingId.id), created: bookingId.created };
}

/**
 * A customer holds at most MAX_PENDING_BOOKINGS_PER_SERVICE pending bookings of one service and
 * MAX_PENDING_BOOKINGS in all (429), so one person cannot bury a provider's requests. The
 * customer's row is locked first, so two bookings made at once are counted one after the other.
 * FOR NO KEY UPDATE, not FOR UPDATE: the latter also blocks the key-share lock a booking of this
 * person's own services takes on their row (as provider), and two people booking each other's
 * services at the same moment deadlocked.
 */
async function checkPendingLimits(tx: Tx, customerId: string, serviceId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('no key update');
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      ofService: sql<number>`(count(*) FILTER (WHERE ${bookings.serviceId} = ${serviceId}))::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.status, 'pending'), live));
  if ((row?.ofService ?? 0) >= MAX_PENDING_BOOKINGS_PER_SERVICE) {
    throw new HttpError(
      429,
      `You already have ${MAX_PENDING_BOOKINGS_PER_SERVICE} pending bookings of this service. Wait until the provider starts one, or cancel one, before booking it again.`,
    );
  }
  if ((row?.all ?? 0) >= MAX_PENDING_BOOKINGS) {
    throw new HttpError(
      429,
      `You already have ${MAX_PENDING_BOOKINGS} pending bookings. Wait until providers start some, or cancel some, before booking more.`,
    );
  }
}

/**
 * The provider sets the status, forward only (pending, working, completed); `completed` is final. The row is locked while it is checked and
 * changed, so a cancel or another change made at the same moment is seen before the decision.
 */
export async function updateBookingStatus(db: Db, user: AuthUser, id: string, status: BookingStatus): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        providerId: bookings.providerId,
        customerId: bookings.customerId,
        status: bookings.status,
        serviceName: bookings.serviceName,
        serviceTakingDate: bookings.serviceTakingDate,
      })
      .from(bookings)
      .where(and(eq(bookings.id, id), live))
      .limit(1)
      .for('update');
    if (!row) throw notFound('Booking not found.');
    if (row.providerId !== user.id) throw forbidden('Only the provider of this service can change the booking status.');
    if (row.status === 'completed' && status !== 'completed') {
      throw conflict('This booking is completed; a completed booking is final and its status cannot be changed.');
    }
    if (row.status === status) return;
    if (BOOKING_STATUSES.indexOf(status) < BOOKING_STATUSES.indexOf(row.status as BookingStatus)) {
      throw conflict(
        `This booking is ${row.status}; a booking's status only moves forward (pending, then working, then completed).`,
      );
    }
    await tx
      .update(bookings)
      .set({
        status,
        // now() is when this transaction began: a change that waited for the row lock behind a
        // later one must not date itself before that one's start (or before the booking).
        startedAt: sql`COALESCE(${bookings.startedAt}, GREATEST(now(), ${bookings.bookedAt}))`,
        completedAt:
          status === 'completed' ? sql`GREATEST(now(), COALESCE(${bookings.startedAt}, ${bookings.bookedAt}))` : null,
      })
      .where(eq(bookings.id, id));
    if (status === 'working' || status === 'completed') {
      await note.add(tx, {
        kind: status === 'working' ? 'booking_working' : 'booking_completed',
        bookingId: id,
        recipientId: row.customerId,
        actorId: user.id,
        data: {
          serviceName: row.serviceName,
          actorName: personName(user.displayName, user.email),
          serviceTakingDate: row.serviceTakingDate,
          role: 'customer',
        },
      });
    }
  });
  note.announce();
  return bookingById(db, id);
}

/** The customer cancels a pending booking: it stays in the database and leaves every list. */
export async function cancelBooking(db: Db, user: AuthUser, id: string): Promise<void> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        customerId: bookings.customerId,
        providerId: bookings.providerId,
        status: bookings.status,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        serviceTakingDate: bookings.serviceTakingDate,
      })
      .from(bookings)
      .where(and(eq(bookings.id, id), live))
      .limit(1);
    if (!row) throw notFound('Booking not found.');
    if (row.customerId !== user.id) throw forbidden('Only the customer who made this booking can cancel it.');
    if (row.status !== 'pending') {
      throw conflict('Only a pending booking can be cancelled; the provider has already started on this one.');
    }
    const cancelled = await tx
      .update(bookings)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(bookings.id, id), live, eq(bookings.status, 'pending')))
      .returning({ id: bookings.id });
    if (cancelled.length === 0) {
      throw conflict('Only a pending booking can be cancelled; the provider has already started on this one.');
    }
    await tx
      .update(services)
      .set({ bookingsCount: sql`${services.bookingsCount} - 1` })
      .where(eq(services.id, row.serviceId));
    await note.add(tx, {
      kind: 'booking_cancelled',
      bookingId: id,
      recipientId: row.providerId,
      actorId: user.id,
      data: {
        serviceName: row.serviceName,
        actorName: personName(user.displayName, user.email),
        serviceTakingDate: row.serviceTakingDate,
        role: 'provider',
      },
    });
  });
  note.announce();
}

export async function bookingStats(db: Db): Promise<BookingStats> {
  const [row] = await db
    .select({
      totalBookings: sql<number>`count(*)::int`,
      completedJobs: sql<number>`(count(*) FILTER (WHERE ${bookings.status} = 'completed'))::int`,
      pendingBookings: sql<number>`(count(*) FILTER (WHERE ${bookings.status} = 'pending'))::int`,
      workingBookings: sql<number>`(count(*) FILTER (WHERE ${bookings.status} = 'working'))::int`,
      totalCustomers: sql<number>`count(DISTINCT ${bookings.customerId})::int`,
    })
    .from(bookings)
    .where(live);
  return row!;
}
