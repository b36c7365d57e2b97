/**
 * Test kit for a provider's booking board (Service To-Do): the signed-in provider, their bookings
 * as the API answers them, and the mock API's answers to the lists, the accepts and the status changes.
 */
import { ENDED_STATES, type Booking, type BookingState, type BookingStatus, type User } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { signIn } from './api-state';
import { makeBooking, makeUser } from './fixtures';
import { calls, server } from './server';

/** The signed-in provider of the tests. */
export const PROVIDER: User = makeUser({
  id: '6c1f0a52-2222-4c8e-9a55-0d3a3c1b2f10',
  uid: 'demo-fatema',
  email: 'fatema@meramot.test',
  displayName: 'Fatema Akter',
  photoURL: null,
  phone: '01819234567',
  emailVerified: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastLoginAt: null,
});

/**
 * A booking of one of the provider's services, as GET /api/bookings/... answers it; `status` may be
 * a state (accepted: status pending; declined, expired, cancelled: ended, status pending).
 */
export function booking(statusOrState: BookingStatus | BookingState, over: Partial<Booking> = {}): Booking {
  const status: BookingStatus =
    statusOrState === 'working' || statusOrState === 'completed' ? statusOrState : 'pending';
  const state = statusOrState;
  return makeBooking({
    serviceName: 'Laptop Motherboard & Chip-Level Repair',
    serviceImage: '/images/services/laptop-1.webp',
    price: 4500,
    servicePrice: 4500,
    providerName: 'Fatema Akter',
    providerEmail: 'fatema@meramot.test',
    providerPhone: '01819234567',
    bookedAt: '2026-11-15T06:00:00.000Z',
    startedAt: status === 'pending' ? null : '2026-11-16T06:00:00.000Z',
    completedAt: status === 'completed' ? '2026-11-17T09:30:00.000Z' : null,
    specialInstruction: 'Please call before coming.',
    customerNotes: 'Please call before coming.',
    serviceTakingDate: '2026-11-20',
    userName: 'Rakib Hasan',
    customerName: 'Rakib Hasan',
    userEmail: 'rakib@meramot.test',
    customerEmail: 'rakib@meramot.test',
    state,
    contactShared: state === 'accepted' || state === 'working' || state === 'completed',
    acceptedAt: state === 'pending' || isEnded({ state }) ? null : '2026-11-15T08:00:00.000Z',
    endedAt: isEnded({ state }) ? '2026-11-16T10:00:00.000Z' : null,
    ...over,
    status,
  });
}

const isEnded = (b: Pick<Booking, 'state'>) => (ENDED_STATES as readonly BookingState[]).includes(b.state);

export interface ApiStub {
  /** The lists (active and ended together: each call answers its part), or one answer for both. */
  user: Booking[] | Response;
  provider: Booking[] | Response;
  /** The answer to PUT /api/bookings/{id}/status. */
  put?: (id: string, body: unknown) => Response;
  /** The answer to POST /api/bookings/{id}/accept or /decline (default: the booking answered). */
  answer?: (id: string, action: 'accept' | 'decline', body: unknown) => Response | undefined;
}

const list =
  (answer: Booking[] | Response) =>
  ({ request }: { request: Request }) => {
    if (!Array.isArray(answer)) return answer.clone();
    const ended = new URL(request.url).searchParams.get('state') === 'ended';
    return HttpResponse.json(answer.filter((b) => isEnded(b) === ended));
  };

/** Signed in as the provider; the mock API answers the two booking lists (and the PUT) from `stub`. */
export function serveBoard(stub: ApiStub) {
  signIn(PROVIDER);
  server.use(
    http.get('/api/bookings/user/:email', list(stub.user)),
    http.get('/api/bookings/provider/:email', list(stub.provider)),
    http.put('/api/bookings/:id/status', async ({ params, request }) => {
      const body = (await request.json()) as object;
      return stub.put ? stub.put(String(params.id), body) : HttpResponse.json({ ...body, _id: params.id });
    }),
    http.post('/api/bookings/:id/:action', async ({ params, request }) => {
      const id = String(params.id);
      const action = params.action === 'accept' ? 'accept' : 'decline';
      const body = action === 'decline' ? ((await request.json()) as { reason: string }) : undefined;
      const given = stub.answer?.(id, action, body);
      if (given) return given;
      const found = [stub.user, stub.provider].flatMap((l) => (Array.isArray(l) ? l : [])).find((b) => b._id === id);
      return HttpResponse.json(
        action === 'accept'
          ? { ...found, state: 'accepted', contactShared: true }
          : { ...found, state: 'declined', declineReason: body?.reason ?? null },
      );
    }),
  );
  return calls;
}

export { json } from './http';

/** The accepts and declines the API received: [path, body]. */
export const answers = () =>
  calls.filter((c) => c.method === 'POST' && /\/(accept|decline)$/.test(c.path)).map((c) => [c.path, c.body] as const);

/** The status changes the API received: [path, body]. */
export const statusPuts = () => calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body] as const);
