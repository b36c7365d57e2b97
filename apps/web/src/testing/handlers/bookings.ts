import {
  ENDED_STATES,
  windowOn,
  windowProblem,
  windowProblemMessage,
  type BookingProposal,
  type BookingWindowName,
  type Booking,
  type BookingCreate,
  type BookingState,
  type BookingStatus,
} from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';
import { makeBooking } from '../fixtures';
import { photosOf } from './photos';

const find = (id: string) => [...apiState.userBookings, ...apiState.providerBookings].find((b) => b._id === id);
const ended = (b: Booking) => (ENDED_STATES as readonly BookingState[]).includes(b.state);

/** A list as the API answers it: the active bookings, or with `?state=ended` the ended ones. */
const list = (bookings: Booking[], request: Request) => {
  const wantEnded = new URL(request.url).searchParams.get('state') === 'ended';
  return HttpResponse.json(bookings.filter((b) => ended(b) === wantEnded));
};

const NOW = '2026-11-21T08:00:00.000Z';

let proposalSeq = 0;

/** The booking's window as the API answers it (the default hours: the mock knows no provider's). */
const windowOf = (date: string, name: BookingWindowName) => {
  const w = windowOn(date, name, null)!;
  return { name, date, from: w.from, to: w.to, start: w.start.toISOString(), end: w.end.toISOString() };
};

/**
 * /api/bookings: the lists (active and ended), booking, cancelling, accepting, declining, status
 * changes, and new times proposed and answered (the proposer is the signed-in user's side).
 */
export const bookingHandlers = [
  http.get('/api/bookings/user/:email', ({ request }) => list(apiState.userBookings, request)),
  http.get('/api/bookings/provider/:email', ({ request }) => list(apiState.providerBookings, request)),
  http.post('/api/bookings', async ({ request }) => {
    const { window: name, ...body } = (await request.json()) as BookingCreate & { specialInstruction?: string };
    const window = name ? windowOn(body.serviceTakingDate, name, null) : null;
    const booking = makeBooking({
      serviceId: body.serviceId,
      serviceTakingDate: body.serviceTakingDate,
      specialInstruction: body.specialInstruction ?? '',
      customerNotes: body.specialInstruction ?? '',
      location: body.location ?? 'shop',
      address: body.address ?? null,
      customerPhone: body.customerPhone ?? null,
      window: window && {
        name: window.name,
        date: body.serviceTakingDate,
        from: window.from,
        to: window.to,
        start: window.start.toISOString(),
        end: window.end.toISOString(),
      },
      customerEmail: apiState.user?.email ?? '',
      photos: photosOf(body.photoIds),
    });
    apiState.userBookings = [booking, ...apiState.userBookings];
    return HttpResponse.json(booking, { status: 201 });
  }),
  http.delete('/api/bookings/:id', ({ params }) => {
    const id = String(params.id);
    const booking = find(id);
    if (booking) Object.assign(booking, { state: 'cancelled', contactShared: false, endedAt: NOW });
    return HttpResponse.json({ message: 'Booking cancelled.', _id: id });
  }),
  http.post('/api/bookings/:id/accept', ({ params }) => {
    const booking = find(String(params.id));
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    if (booking.state !== 'pending')
      return HttpResponse.json({ error: 'This booking has already been accepted.' }, { status: 409 });
    Object.assign(booking, { state: 'accepted', contactShared: true, acceptedAt: NOW });
    return HttpResponse.json(booking);
  }),
  http.post('/api/bookings/:id/decline', async ({ params, request }) => {
    const { reason } = (await request.json()) as { reason: string };
    const booking = find(String(params.id));
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    Object.assign(booking, { state: 'declined', declineReason: reason, contactShared: false, endedAt: NOW });
    return HttpResponse.json(booking);
  }),
  http.put('/api/bookings/:id/status', async ({ params, request }) => {
    const { status } = (await request.json()) as { status: BookingStatus };
    const booking = find(String(params.id));
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    Object.assign(booking, { status, serviceStatus: status, state: status });
    return HttpResponse.json(booking);
  }),
  http.post('/api/bookings/:id/proposals', async ({ params, request }) => {
    const { serviceTakingDate, window: name } = (await request.json()) as {
      serviceTakingDate: string;
      window: BookingWindowName;
    };
    const booking = find(String(params.id));
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    if (booking.state !== 'pending' && booking.state !== 'accepted')
      return HttpResponse.json({ error: 'This booking can no longer be moved.' }, { status: 409 });
    const problem = windowProblem(serviceTakingDate, name, null);
    if (problem) return HttpResponse.json({ error: windowProblemMessage[problem] }, { status: 400 });
    const by = apiState.user?.email === booking.customerEmail ? 'customer' : 'provider';
    proposalSeq += 1;
    const proposal: BookingProposal = {
      id: `proposal-${proposalSeq}`,
      by,
      window: windowOf(serviceTakingDate, name),
      status: 'open',
      createdAt: NOW,
      answeredAt: null,
    };
    booking.proposals = [
      ...booking.proposals.map((p) =>
        p.status === 'open' ? { ...p, status: 'superseded' as const, answeredAt: NOW } : p,
      ),
      proposal,
    ];
    return HttpResponse.json(booking, { status: 201 });
  }),
  http.post('/api/bookings/:id/proposals/:proposalId/:answer', ({ params }) => {
    const booking = find(String(params.id));
    const proposal = booking?.proposals.find((p) => p.id === params.proposalId);
    if (!booking || !proposal) return HttpResponse.json({ error: 'Proposal not found' }, { status: 404 });
    if (proposal.status !== 'open')
      return HttpResponse.json({ error: 'This proposal has already been answered.' }, { status: 409 });
    const accepted = params.answer === 'accept';
    booking.proposals = booking.proposals.map((p) =>
      p.id === proposal.id ? { ...p, status: accepted ? 'accepted' : 'declined', answeredAt: NOW } : p,
    );
    if (accepted)
      Object.assign(booking, {
        window: proposal.window,
        serviceTakingDate: proposal.window.date,
        state: 'accepted',
        contactShared: true,
        acceptedAt: booking.acceptedAt ?? NOW,
      });
    return HttpResponse.json(booking);
  }),
];
