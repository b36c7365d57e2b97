import { vi } from 'vitest';
import type { Booking, User } from '@meramot/shared';
import BookedServicesRoute from '../../../app/routes/booked-services';
import { json } from '../../../testing/http';
import { renderRoutes } from '../../../testing/render';

export const AYESHA: User = {
  id: '6c1f0a52-1111-4c8e-9a55-0d3a3c1b2f10',
  uid: 'demo-ayesha',
  email: 'ayesha@meramot.test',
  displayName: 'Ayesha Siddiqua',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastLoginAt: '2026-11-21T08:00:00.000Z',
};

let seq = 0;
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  seq += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    serviceId: '3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    serviceName: `Service ${seq}`,
    serviceImage: '/images/services/smartphone-1.webp',
    price: 2500,
    servicePrice: 2500,
    providerName: 'Rahim Uddin',
    providerEmail: 'rahim@meramot.test',
    providerPhone: '01711345678',
    providerImage: null,
    serviceArea: 'Dhaka',
    status: 'pending',
    serviceStatus: 'pending',
    bookedAt: '2026-11-20T11:48:51.049Z',
    startedAt: null,
    completedAt: null,
    estimatedTime: '2-3 hours',
    specialInstruction: '',
    customerNotes: '',
    serviceTakingDate: '2026-11-22',
    userName: 'Ayesha Siddiqua',
    customerName: 'Ayesha Siddiqua',
    userEmail: AYESHA.email,
    customerEmail: AYESHA.email,
    reviewed: false,
    serviceDeleted: false,
    ...overrides,
  };
}

export { json };

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined | void;

/** Signed in as Ayesha; GET of her bookings answers `bookings` unless `handler` answers first. */
export function stubApi(bookings: Booking[] | (() => Booking[]), handler?: Handler) {
  window.localStorage.setItem('meramot-token', 'session-token');
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
      const call = { method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (path === '/api/auth/verify') return json({ valid: true, user: AYESHA });
      const answer = await handler?.(call);
      if (answer) return answer;
      if (path === `/api/bookings/user/${AYESHA.email}`) return json(typeof bookings === 'function' ? bookings() : bookings);
      return json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}

export function renderBookedServices() {
  return renderRoutes(
    [
      { path: '/booked-services', element: <BookedServicesRoute /> },
      { path: '/services', element: <h1>Services page</h1> },
    ],
    '/booked-services',
  );
}
