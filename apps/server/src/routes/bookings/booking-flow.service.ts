import { and, eq, sql } from 'drizzle-orm';
import {
  dhakaDate,
  en,
  windowOn,
  windowProblem,
  windowProblemMessage,
  type Booking,
  type BookingWindowName,
} from '@meramot/shared';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { bookingProposals, bookings, services } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../auth';
import { notificationsFor } from '../../notifications/events';
import {
  bookingById,
  bookingState,
  checkServiceDate,
  lockedForProvider,
  releaseBooking,
  refuseEnded,
  stateColumns,
  tellParty,
} from './bookings.service';

/**
 * The provider's answer to a booking (issue 20): accept, or decline with a reason the customer
 * sees; and the expiry of the pending bookings nobody answered. Each change and its notification
 * are one transaction; the row is locked while it is checked, so two answers at once leave one.
 */

/** The provider accepts a pending booking: the phones and the address are then shared. */
export async function acceptBooking(db: Db, user: AuthUser, id: string): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const { row, state } = await lockedForProvider(tx, id, user, en.onlyProviderAnswers);
    if (state !== 'pending') throw conflict(state === 'accepted' ? en.alreadyAccepted : en.alreadyStarted);
    await tx
      .update(bookings)
      .set({ acceptedAt: sql`GREATEST(now(), ${bookings.bookedAt})` })
      .where(eq(bookings.id, id));
    await tellParty(
      note,
      tx,
      { kind: 'booking_accepted', bookingId: id, serviceName: row.serviceName, date: row.serviceTakingDate },
      { id: row.customerId, role: 'customer' },
      user,
    );
  });
  note.announce();
  return bookingById(db, id, 'provider');
}

/** The provider declines a pending or accepted booking (not yet started), with a reason the customer sees. */
export async function declineBooking(db: Db, user: AuthUser, id: string, reason: string): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const { row, state } = await lockedForProvider(tx, id, user, en.onlyProviderAnswers);
    if (state !== 'pending' && state !== 'accepted') throw conflict(en.alreadyStarted);
    await tx
      .update(bookings)
      .set({ declinedAt: sql`GREATEST(now(), ${bookings.bookedAt})`, declineReason: reason })
      .where(eq(bookings.id, id));
    await releaseBooking(tx, id, row.serviceId);
    await tellParty(
      note,
      tx,
      { kind: 'booking_declined', bookingId: id, serviceName: row.serviceName, date: row.serviceTakingDate },
      { id: row.customerId, role: 'customer' },
      user,
      { excerpt: reason },
    );
  });
  note.announce();
  return bookingById(db, id, 'provider');
}

/**
 * Marks up to `limit` pending bookings past their expiry as expired, each with a notification to
 * its customer, in one transaction. Rows another instance is marking are skipped (SKIP LOCKED), so
 * any number of instances may sweep at once. Answers how many it marked.
 */
export async function expireBookings(db: Db, limit = 200): Promise<number> {
  const note = notificationsFor(db);
  const count = await db.transaction(async (tx) => {
    const rows = await queryRows<{
      id: string;
      customer_id: string;
      service_id: string;
      service_name: string;
      service_taking_date: string;
      provider_name: string;
    }>(
      tx,
      sql`WITH due AS (
            SELECT id FROM ${bookings}
            WHERE status = 'pending' AND accepted_at IS NULL AND declined_at IS NULL AND cancelled_at IS NULL
              AND expired_at IS NULL AND expires_at <= now()
            ORDER BY expires_at
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          UPDATE ${bookings} b SET expired_at = b.expires_at FROM due
          WHERE b.id = due.id
          RETURNING b.id, b.customer_id, b.service_id, b.service_name, b.service_taking_date::text AS service_taking_date,
            (SELECT s.provider_name FROM ${services} s WHERE s.id = b.service_id) AS provider_name`,
    );
    for (const row of rows) {
      await releaseBooking(tx, row.id, row.service_id);
      await note.add(tx, {
        kind: 'booking_expired',
        bookingId: row.id,
        recipientId: row.customer_id,
        actorId: null,
        data: {
          serviceName: row.service_name,
          actorName: row.provider_name,
          serviceTakingDate: row.service_taking_date,
          role: 'customer',
        },
      });
    }
    return rows.length;
  });
  note.announce();
  return count;
}

/** The booking as one of its parties sees it, locked: 404 unknown, 403 for anyone else, 409 ended. */
async function lockedForParty(tx: Tx, id: string, user: AuthUser) {
  const [row] = await tx
    .select({
      providerId: bookings.providerId,
      customerId: bookings.customerId,
      serviceName: bookings.serviceName,
      serviceTakingDate: bookings.serviceTakingDate,
      weeklyHours: services.weeklyHours,
      ...stateColumns,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(eq(bookings.id, id))
    .limit(1)
    .for('update', { of: bookings });
  if (!row) throw notFound('Booking not found.');
  const role = row.customerId === user.id ? 'customer' : row.providerId === user.id ? 'provider' : null;
  if (!role) throw forbidden(en.onlyPartiesPropose);
  const state = bookingState(row);
  refuseEnded(state);
  if (state === 'working' || state === 'completed') throw conflict(en.alreadyStartedNoNewTime);
  return { row, role, state } as const;
}

/**
 * Either party proposes another day and window for a booking not yet started; it replaces their
 * or the other party's open proposal, and the other party accepts or declines it. A provider's
 * proposal answers a pending booking: it no longer expires.
 */
export async function proposeTime(
  db: Db,
  user: AuthUser,
  id: string,
  input: { serviceTakingDate: string; window: BookingWindowName },
): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const { row, role } = await lockedForParty(tx, id, user);
    checkServiceDate(input.serviceTakingDate);
    const problem = windowProblem(input.serviceTakingDate, input.window, row.weeklyHours);
    if (problem) throw badRequest(windowProblemMessage[problem]);
    const window = windowOn(input.serviceTakingDate, input.window, row.weeklyHours)!;
    await tx
      .update(bookingProposals)
      .set({ status: 'superseded', answeredAt: sql`now()` })
      .where(and(eq(bookingProposals.bookingId, id), eq(bookingProposals.status, 'open')));
    await tx.insert(bookingProposals).values({
      bookingId: id,
      proposedBy: user.id,
      windowName: window.name,
      windowStart: window.start,
      windowEnd: window.end,
    });
    if (role === 'provider') await tx.update(bookings).set({ expiresAt: null }).where(eq(bookings.id, id));
    await tellParty(
      note,
      tx,
      { kind: 'booking_proposed', bookingId: id, serviceName: row.serviceName, date: input.serviceTakingDate },
      {
        id: role === 'customer' ? row.providerId : row.customerId,
        role: role === 'customer' ? 'provider' : 'customer',
      },
      user,
    );
  });
  note.announce();
  return bookingById(db, id, user.id === (await partyIds(db, id)).customerId ? 'customer' : 'provider');
}

async function partyIds(db: Db, id: string) {
  const [row] = await db
    .select({ customerId: bookings.customerId, providerId: bookings.providerId })
    .from(bookings)
    .where(eq(bookings.id, id))
    .limit(1);
  return row!;
}

/**
 * The other party answers an open proposal. Accepted: the booking takes the new day and window
 * (and a pending booking is accepted: both sides agreed on a time). Declined: the booking keeps
 * its time. Either way the proposal stays in the booking's history.
 */
export async function answerProposal(
  db: Db,
  user: AuthUser,
  id: string,
  proposalId: string,
  answer: 'accept' | 'decline',
): Promise<Booking> {
  const note = notificationsFor(db);
  await db.transaction(async (tx) => {
    const { row, role } = await lockedForParty(tx, id, user);
    const [proposal] = await tx
      .select()
      .from(bookingProposals)
      .where(and(eq(bookingProposals.id, Number(proposalId)), eq(bookingProposals.bookingId, id)))
      .limit(1);
    if (!proposal) throw notFound(en.proposalNotFound);
    if (proposal.proposedBy === user.id) throw forbidden(en.ownProposal);
    if (proposal.status !== 'open') throw conflict(en.proposalAnswered);
    if (answer === 'accept' && proposal.windowStart.getTime() <= Date.now()) throw conflict(en.proposalPast);
    await tx
      .update(bookingProposals)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined', answeredAt: sql`now()` })
      .where(eq(bookingProposals.id, proposal.id));
    if (answer === 'accept') {
      await tx
        .update(bookings)
        .set({
          windowName: proposal.windowName,
          windowStart: proposal.windowStart,
          windowEnd: proposal.windowEnd,
          serviceTakingDate: dhakaDate(proposal.windowStart),
          acceptedAt: sql`COALESCE(${bookings.acceptedAt}, GREATEST(now(), ${bookings.bookedAt}))`,
        })
        .where(eq(bookings.id, id));
    }
    await tellParty(
      note,
      tx,
      {
        kind: answer === 'accept' ? 'proposal_accepted' : 'proposal_declined',
        bookingId: id,
        serviceName: row.serviceName,
        date: dhakaDate(proposal.windowStart),
      },
      { id: proposal.proposedBy, role: role === 'customer' ? 'provider' : 'customer' },
      user,
    );
  });
  note.announce();
  return bookingById(db, id, user.id === (await partyIds(db, id)).customerId ? 'customer' : 'provider');
}
