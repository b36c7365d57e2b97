import { and, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addDays,
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_STATUSES,
  DEFAULT_PROVIDER_PHONE,
  DEFAULT_SERVICE_AREA,
  dhakaDate,
  MAX_PENDING_BOOKINGS,
  MAX_PENDING_BOOKINGS_PER_SERVICE,
  type Booking,
  type BookingLocation,
  type BookingProposal,
  type BookingState,
  type BookingWindow,
  type BookingWindowName,
  type BookingStats,
  BOOKING_EXPIRY_HOURS,
  bookingFlowMessages,
  windowOn,
  windowProblem,
  windowProblemMessage,
  type WeeklyHours,
  type WorkLocation,
  type NotificationKind,
  REVIEW_EDIT_DAYS,
  en,
  type BookingStatus,
  type PersonListQuery,
} from '@meramot/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { bookingProposals, bookings, reviews, services, users } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { pageWindow, type Page } from '../../lib/paging';
import type { AuthUser } from '../../auth';
import { notificationsFor } from '../../notifications/events';
import { attachPhotos, fromPhotosJson, photosJson } from '../photos/photos.service';
import type { NotificationData } from '../../notifications/notification-data';

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
      reviewRating: reviews.rating,
      reviewTitle: reviews.title,
      reviewComment: reviews.comment,
      reviewCreatedAt: reviews.createdAt,
      reviewEditedAt: reviews.editedAt,
      customerId: bookings.customerId,
      acceptedAt: bookings.acceptedAt,
      declinedAt: bookings.declinedAt,
      declineReason: bookings.declineReason,
      cancelledAt: bookings.cancelledAt,
      expiresAt: bookings.expiresAt,
      expiredAt: bookings.expiredAt,
      windowName: bookings.windowName,
      windowStart: bookings.windowStart,
      windowEnd: bookings.windowEnd,
      location: bookings.location,
      address: bookings.address,
      customerPhone: bookings.customerPhone,
      jobMinutes: services.jobMinutes,
      shopAddress: services.shopAddress,
      proposals: sql<ProposalRow[]>`(SELECT COALESCE(json_agg(json_build_object(
          'id', p.id::text, 'byCustomer', p.proposed_by = ${bookings.customerId}, 'name', p.window_name,
          'start', p.window_start, 'end', p.window_end, 'status', p.status,
          'createdAt', p.created_at, 'answeredAt', p.answered_at) ORDER BY p.id), '[]'::json)
        FROM ${bookingProposals} p WHERE p.booking_id = ${bookings.id})`,
      photos: photosJson('booking_id', bookings.id),
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

/** Who is looking: the phones and the address of the other party show only once accepted. */
export type Viewer = 'customer' | 'provider';

function toApiBooking(r: BookingRow, viewer: Viewer): Booking {
  const status = r.status as BookingStatus;
  const state = bookingState(r);
  const contactShared = state === 'accepted' || state === 'working' || state === 'completed';
  const mine = viewer === 'customer';
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
    providerPhone: ((contactShared || !mine) && r.providerPhone) || DEFAULT_PROVIDER_PHONE,
    providerImage: r.providerImage ?? null,
    serviceArea: r.serviceArea ?? DEFAULT_SERVICE_AREA,
    status,
    serviceStatus: status,
    bookedAt: r.bookedAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    estimatedTime: r.jobMinutes ? `${r.jobMinutes} minutes` : '',
    specialInstruction: r.specialInstruction,
    customerNotes: r.specialInstruction,
    serviceTakingDate: r.serviceTakingDate,
    userName: name,
    customerName: name,
    userEmail: r.customerEmail,
    customerEmail: r.customerEmail,
    reviewed: r.reviewId != null,
    review:
      r.reviewId != null && r.reviewCreatedAt
        ? {
            id: r.reviewId,
            rating: r.reviewRating!,
            title: r.reviewTitle!,
            comment: r.reviewComment!,
            createdAt: r.reviewCreatedAt.toISOString(),
            editedAt: iso(r.reviewEditedAt),
            editableUntil: new Date(r.reviewCreatedAt.getTime() + REVIEW_EDIT_DAYS * 86_400_000).toISOString(),
          }
        : null,
    serviceDeleted: r.serviceDeletedAt != null,
    state,
    window: r.windowName && r.windowStart && r.windowEnd ? windowOf(r.windowName, r.windowStart, r.windowEnd) : null,
    location: r.location as BookingLocation,
    address: mine || contactShared ? r.address : null,
    customerPhone: mine || contactShared ? r.customerPhone : null,
    shopAddress: r.location === 'shop' ? r.shopAddress : null,
    contactShared,
    jobMinutes: r.jobMinutes,
    declineReason: r.declineReason,
    acceptedAt: iso(r.acceptedAt),
    endedAt: iso(r.cancelledAt ?? r.declinedAt ?? r.expiredAt ?? (state === 'expired' ? r.expiresAt : null)),
    expiresAt: state === 'pending' ? iso(r.expiresAt) : null,
    photos: fromPhotosJson(r.photos),
    proposals: r.proposals.map((p) => ({
      id: p.id,
      by: p.byCustomer ? 'customer' : 'provider',
      window: windowOf(p.name, p.start, p.end),
      status: p.status,
      createdAt: new Date(p.createdAt).toISOString(),
      answeredAt: p.answeredAt ? new Date(p.answeredAt).toISOString() : null,
    })),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface ProposalRow {
  id: string;
  byCustomer: boolean;
  name: string;
  start: string;
  end: string;
  status: BookingProposal['status'];
  createdAt: string;
  answeredAt: string | null;
}

/** The state of a booking row (a pending one past its expiry is expired before the sweep marks it). */
export function bookingState(r: {
  status: string;
  acceptedAt: Date | null;
  declinedAt: Date | null;
  cancelledAt: Date | null;
  expiredAt: Date | null;
  expiresAt: Date | null;
}): BookingState {
  if (r.cancelledAt) return 'cancelled';
  if (r.declinedAt) return 'declined';
  if (r.status === 'working' || r.status === 'completed') return r.status;
  if (r.acceptedAt) return 'accepted';
  if (r.expiredAt || (r.expiresAt && r.expiresAt.getTime() <= Date.now())) return 'expired';
  return 'pending';
}

/** A window as the API shows it: the Dhaka date and wall-clock bounds, and the instants. */
export function windowOf(name: string, start: Date | string, end: Date | string): BookingWindow {
  const s = new Date(start);
  const e = new Date(end);
  const wall = (d: Date) => new Date(d.getTime() + 6 * 3_600_000).toISOString().slice(11, 16);
  return {
    name: name as BookingWindowName,
    date: dhakaDate(s),
    from: wall(s),
    to: wall(e),
    start: s.toISOString(),
    end: e.toISOString(),
  };
}

/**
 * A booking that has not ended: not cancelled, declined or expired (a pending one past its expiry
 * counts as expired before the sweep marks it). The spec's lists and figures show only these.
 */
export const live = and(
  isNull(bookings.cancelledAt),
  isNull(bookings.declinedAt),
  isNull(bookings.expiredAt),
  sql`NOT (${bookings.status} = 'pending' AND ${bookings.acceptedAt} IS NULL AND ${bookings.expiresAt} IS NOT NULL AND ${bookings.expiresAt} <= now())`,
)!;
const ended = sql`NOT (${live})`;

export async function bookingById(db: Db, id: string, viewer: Viewer): Promise<Booking> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound('Booking not found.');
  return toApiBooking(row, viewer);
}

export type BookingList = 'active' | 'ended';
const listFilter = (list: BookingList) => (list === 'active' ? live : ended);

/** A person's bookings as customer or as provider, newest first (exported for the query-plan tests). */
export const personBookingsQuery = (db: Db, role: Viewer, userId: string | Placeholder, list: BookingList = 'active') =>
  selectBookings(db)
    .where(and(eq(role === 'customer' ? bookings.customerId : bookings.providerId, userId), listFilter(list)))
    .orderBy(desc(bookings.bookedAt), desc(bookings.id));

const pagedBookings = (db: Db, role: Viewer, list: BookingList, name: (s: string) => string) =>
  personBookingsQuery(db, role, sql.placeholder('userId'), list)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name(`${role}_${list}_bookings_page`));
const countBookings = (db: Db, role: Viewer, list: BookingList, name: (s: string) => string) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(role === 'customer' ? bookings.customerId : bookings.providerId, sql.placeholder('userId')),
        listFilter(list),
      ),
    )
    .prepare(name(`${role}_${list}_bookings_count`));
const prepared = {
  customer: {
    active: {
      page: preparedPerDb((db, name) => pagedBookings(db, 'customer', 'active', name)),
      count: preparedPerDb((db, name) => countBookings(db, 'customer', 'active', name)),
    },
    ended: {
      page: preparedPerDb((db, name) => pagedBookings(db, 'customer', 'ended', name)),
      count: preparedPerDb((db, name) => countBookings(db, 'customer', 'ended', name)),
    },
  },
  provider: {
    active: {
      page: preparedPerDb((db, name) => pagedBookings(db, 'provider', 'active', name)),
      count: preparedPerDb((db, name) => countBookings(db, 'provider', 'active', name)),
    },
    ended: {
      page: preparedPerDb((db, name) => pagedBookings(db, 'provider', 'ended', name)),
      count: preparedPerDb((db, name) => countBookings(db, 'provider', 'ended', name)),
    },
  },
};

async function personBookings(
  db: Db,
  role: Viewer,
  userId: string,
  query: PersonListQuery & { state?: BookingList },
): Promise<Page<Booking>> {
  const statements = prepared[role][query.state ?? 'active'];
  const [rows, [count]] = await Promise.all([
    statements.page(db).execute({ userId, ...pageWindow(query) }),
    statements.count(db).execute({ userId }),
  ]);
  return { items: rows.map((r) => toApiBooking(r, role)), total: count?.total ?? 0 };
}

/**
 * A page of the caller's bookings as a customer, newest first: those not ended (the spec's list),
 * or with `state: 'ended'` the cancelled, declined and expired ones.
 */
export const listCustomerBookings = (db: Db, customerId: string, query: PersonListQuery & { state?: BookingList }) =>
  personBookings(db, 'customer', customerId, query);

/** A page of the booking requests the caller received as a provider, newest first (or the ended ones). */
export const listProviderBookings = (db: Db, providerId: string, query: PersonListQuery & { state?: BookingList }) =>
  personBookings(db, 'provider', providerId, query);

export function checkServiceDate(date: string, today = dhakaDate()): void {
  if (date < today) throw badRequest('The service date must be today or later (Asia/Dhaka time).');
  if (date > addDays(today, BOOKING_MAX_DAYS_AHEAD)) {
    throw badRequest(`The service date must be within the next ${BOOKING_MAX_DAYS_AHEAD} days.`);
  }
}

export interface BookingCreateInput {
  serviceId: string;
  serviceTakingDate: string;
  specialInstruction?: string | null;
  window?: BookingWindowName;
  location?: BookingLocation;
  address?: string;
  customerPhone?: string;
  /** Photos of the problem: the customer's own uploads (issue 23). */
  photoIds?: readonly string[];
}

/**
 * Where and when, checked against the service: the window inside the provider's hours of that
 * day, not past and with the minimum notice; the place one the service offers, with an address
 * and a phone for work at the customer's place. A booking without a window (the spec's clients
 * send only a date) keeps the whole day.
 */
export function placeOf(
  input: BookingCreateInput,
  service: { weeklyHours: WeeklyHours | null; workLocation: string },
  now = new Date(),
) {
  let window: { windowName: string; windowStart: Date; windowEnd: Date } | null = null;
  if (input.window) {
    const problem = windowProblem(input.serviceTakingDate, input.window, service.weeklyHours, now);
    if (problem) throw badRequest(windowProblemMessage[problem]);
    const offered = windowOn(input.serviceTakingDate, input.window, service.weeklyHours)!;
    window = { windowName: offered.name, windowStart: offered.start, windowEnd: offered.end };
  }
  const offers = service.workLocation as WorkLocation;
  const location: BookingLocation = input.location ?? (offers === 'customer' ? 'customer' : 'shop');
  if (offers !== 'either' && offers !== location) throw badRequest(bookingFlowMessages.locationNotOffered);
  if (location === 'customer' && !input.address) throw badRequest(bookingFlowMessages.addressRequired);
  if (location === 'customer' && !input.customerPhone) throw badRequest(bookingFlowMessages.phoneRequired);
  return {
    ...(window ?? {}),
    location,
    address: location === 'customer' ? (input.address ?? null) : null,
    customerPhone: input.customerPhone ?? null,
  };
}

/**
 * Books a service for the caller. Provider, price, name and image come from the service row.
 * With an idempotency key, a repeated request answers the booking made the first time.
 */
export async function createBooking(
  db: Db,
  user: AuthUser,
  input: BookingCreateInput,
  idempotencyKey: string | null,
  options: { expiryHours: number } = { expiryHours: BOOKING_EXPIRY_HOURS },
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
        weeklyHours: services.weeklyHours,
        workLocation: services.workLocation,
      })
      .from(services)
      .where(and(eq(services.id, input.serviceId), isNull(services.deletedAt)))
      .limit(1);
    if (!service) throw notFound('Service not found.');
    if (service.providerId === user.id) throw forbidden('You cannot book your own service.');
    if (service.status !== 'active')
      throw conflict('This service is paused by its provider and cannot be booked right now.');
    const place = placeOf(input, service);
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
        ...place,
        expiresAt: sql`now() + make_interval(secs => ${Math.round(options.expiryHours * 3600)})`,
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
    // Photos of the problem (issue 23): the customer's own uploads; one refused, no booking.
    if (input.photoIds?.length) await attachPhotos(tx, user.id, { bookingId: inserted.id }, input.photoIds);
    await tellParty(
      note,
      tx,
      {
        kind: 'booking_requested',
        bookingId: inserted.id,
        serviceName: service.serviceName,
        date: input.serviceTakingDate,
      },
      { id: service.providerId, role: 'provider' },
      user,
      { excerpt: input.specialInstruction?.trim().slice(0, 140) || null, price: service.servicePrice },
    );
    return { id: inserted.id, created: true };
  });
  note.announce();
  return { booking: await bookingById(db, bookingId.id, 'customer'), created: bookingId.created };
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

/** The columns a booking's state is read from (bookingState). */
export const stateColumns = {
  status: bookings.status,
  acceptedAt: bookings.acceptedAt,
  declinedAt: bookings.declinedAt,
  cancelledAt: bookings.cancelledAt,
  expiredAt: bookings.expiredAt,
  expiresAt: bookings.expiresAt,
};

const endedMessage: Record<'cancelled' | 'declined' | 'expired', string> = {
  cancelled: en.bookingEndedCancelled,
  declined: en.bookingEndedDeclined,
  expired: en.bookingEndedExpired,
};

/** Leaves no proposal open on a booking that ended or started (in the change's transaction). */
export async function closeOpenProposals(tx: Tx, bookingId: string): Promise<void> {
  await tx
    .update(bookingProposals)
    .set({ status: 'closed', answeredAt: sql`now()` })
    .where(and(eq(bookingProposals.bookingId, bookingId), eq(bookingProposals.status, 'open')));
}

/**
 * What every end of a booking before its work (cancelled, declined, expired) does besides its
 * mark: its open proposal is closed and its service counts one booking less.
 */
export async function releaseBooking(tx: Tx, bookingId: string, serviceId: string): Promise<void> {
  await closeOpenProposals(tx, bookingId);
  await tx
    .update(services)
    .set({ bookingsCount: sql`${services.bookingsCount} - 1` })
    .where(eq(services.id, serviceId));
}

/**
 * Tells one party of a booking what the other (`by`) did, in the change's transaction: the
 * notification carries the service, the day and who did it, in the recipient's role.
 */
export function tellParty(
  note: ReturnType<typeof notificationsFor>,
  tx: Tx,
  change: { kind: NotificationKind; bookingId: string; serviceName: string; date: string },
  to: { id: string; role: 'customer' | 'provider' },
  by: AuthUser,
  extra: Pick<NotificationData, 'excerpt' | 'price'> = {},
) {
  return note.add(tx, {
    kind: change.kind,
    bookingId: change.bookingId,
    recipientId: to.id,
    actorId: by.id,
    data: {
      serviceName: change.serviceName,
      actorName: personName(by.displayName, by.email),
      serviceTakingDate: change.date,
      role: to.role,
      ...extra,
    },
  });
}

/** 409 for a booking that has ended (cancelled, declined or expired). */
export function refuseEnded(state: BookingState): void {
  if (state === 'cancelled' || state === 'declined' || state === 'expired') throw conflict(endedMessage[state]);
}

/**
 * A booking locked for a change by its provider (the row stays locked to the end of the
 * transaction): 404 unknown, 403 (`refusal`) for anyone else, 409 when it has ended.
 */
export async function lockedForProvider(tx: Tx, id: string, user: AuthUser, refusal: string) {
  const [row] = await tx
    .select({
      providerId: bookings.providerId,
      customerId: bookings.customerId,
      serviceId: bookings.serviceId,
      serviceName: bookings.serviceName,
      serviceTakingDate: bookings.serviceTakingDate,
      ...stateColumns,
    })
    .from(bookings)
    .where(eq(bookings.id, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Booking not found.');
  if (row.providerId !== user.id) throw forbidden(refusal);
  const state = bookingState(row);
  refuseEnded(state);
  return { row, state };
}

/**
 * The provider sets the status, forward only (pending, working, completed); `completed` is final. The row is locked while it is checked and
 * changed, so a cancel or another change made at the same moment is seen before the decision.
 */
export async function updateBookingStatus(db: Db, user: AuthUser, id: string, status: BookingStatus): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const { row } = await lockedForProvider(
      tx,
      id,
      user,
      'Only the provider of this service can change the booking status.',
    );
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
        // Starting a booking nobody accepted accepts it (the spec's clients know no accept).
        acceptedAt: sql`COALESCE(${bookings.acceptedAt}, GREATEST(now(), ${bookings.bookedAt}))`,
        // now() is when this transaction began: a change that waited for the row lock behind a
        // later one must not date itself before that one's start (or before the booking).
        startedAt: sql`COALESCE(${bookings.startedAt}, GREATEST(now(), ${bookings.bookedAt}))`,
        completedAt:
          status === 'completed' ? sql`GREATEST(now(), COALESCE(${bookings.startedAt}, ${bookings.bookedAt}))` : null,
      })
      .where(eq(bookings.id, id));
    if (status !== 'pending') await closeOpenProposals(tx, id);
    if (status === 'working' || status === 'completed') {
      await tellParty(
        note,
        tx,
        {
          kind: status === 'working' ? 'booking_working' : 'booking_completed',
          bookingId: id,
          serviceName: row.serviceName,
          date: row.serviceTakingDate,
        },
        { id: row.customerId, role: 'customer' },
        user,
      );
    }
  });
  note.announce();
  return bookingById(db, id, 'provider');
}

/**
 * The customer cancels a pending or accepted booking (not yet started): it stays in the database,
 * leaves the spec's lists and is listed with the ended ones.
 */
export async function cancelBooking(db: Db, user: AuthUser, id: string): Promise<void> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        customerId: bookings.customerId,
        providerId: bookings.providerId,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        serviceTakingDate: bookings.serviceTakingDate,
        ...stateColumns,
      })
      .from(bookings)
      .where(eq(bookings.id, id))
      .limit(1);
    if (!row) throw notFound('Booking not found.');
    if (row.customerId !== user.id) throw forbidden('Only the customer who made this booking can cancel it.');
    refuseEnded(bookingState(row));
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
    await releaseBooking(tx, id, row.serviceId);
    await tellParty(
      note,
      tx,
      { kind: 'booking_cancelled', bookingId: id, serviceName: row.serviceName, date: row.serviceTakingDate },
      { id: row.providerId, role: 'provider' },
      user,
    );
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
