import { and, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addDays,
  BOOKING_MAX_DAYS_AHEAD,
  DEFAULT_ESTIMATED_TIME,
  DEFAULT_PROVIDER_PHONE,
  DEFAULT_SERVICE_AREA,
  dhakaDate,
  type Booking,
  type BookingStats,
  type BookingStatus,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { bookings, reviews, services, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';

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

const customerBookings = preparedPerDb((db) =>
  personBookingsQuery(db, 'customer', sql.placeholder('userId')).prepare('customer_bookings'),
);
const providerBookings = preparedPerDb((db) =>
  personBookingsQuery(db, 'provider', sql.placeholder('userId')).prepare('provider_bookings'),
);

/** The caller's bookings as a customer, newest first; cancelled ones are left out. */
export async function listCustomerBookings(db: Db, customerId: string): Promise<Booking[]> {
  return (await customerBookings(db).execute({ userId: customerId })).map(toApiBooking);
}

/** The booking requests the caller received as a provider, newest first. */
export async function listProviderBookings(db: Db, providerId: string): Promise<Booking[]> {
  return (await providerBookings(db).execute({ userId: providerId })).map(toApiBooking);
}

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
    if (service.status !== 'active') throw conflict('This service is paused by its provider and cannot be booked right now.');

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
    return { id: inserted.id, created: true };
  });
  return { booking: await bookingById(db, bookingId.id), created: bookingId.created };
}

/**
 * The provider sets the status; `completed` is final. The row is locked while it is checked and
 * changed, so a cancel or another change made at the same moment is seen before the decision.
 */
export async function updateBookingStatus(db: Db, user: AuthUser, id: string, status: BookingStatus): Promise<Booking> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ providerId: bookings.providerId, status: bookings.status })
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
    await tx
      .update(bookings)
      .set({
        status,
        startedAt: sql`COALESCE(${bookings.startedAt}, now())`,
        completedAt: status === 'completed' ? sql`now()` : null,
      })
      .where(eq(bookings.id, id));
  });
  return bookingById(db, id);
}

/** The customer cancels a pending booking: it stays in the database and leaves every list. */
export async function cancelBooking(db: Db, user: AuthUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ customerId: bookings.customerId, status: bookings.status, serviceId: bookings.serviceId })
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
  });
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
