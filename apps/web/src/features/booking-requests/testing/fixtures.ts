import { vi } from 'vitest';
import type { Booking, BookingStatus, User } from '@meramot/shared';
import { json } from '../../../testing/http';

/** The signed-in provider of the tests. */
export const PROVIDER: User = {
  id: '6c1f0a52-2222-4c8e-9a55-0d3a3c1b2f10', uid: 'demo-fatema', email: 'fatema@meramot.test', displayName: 'Fatema Akter',
  photoURL: null, phone: '01819234567', emailVerified: true, createdAt: '2026-11-01T08:00:00.000Z', lastLoginAt: null,
};

let n = 0;
/** A booking as GET /api/bookings/... answers it. */
export function booking(status: BookingStatus, over: Partial<Booking> = {}): Booking {
  n += 1;
  const base: Booking = {
    _id: `b0000000-0000-4000-8000-00000000000${n}`,
    serviceId: '3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    serviceName: 'Laptop Motherboard & Chip-Level Repair',
    serviceImage: '/images/services/laptop-1.webp',
    price: 4500,
    servicePrice: 4500,
    providerName: 'Fatema Akter',
    providerEmail: 'fatema@meramot.test',
    providerPhone: '01819234567',
    providerImage: null,
    serviceArea: 'Dhaka',
    status,
    serviceStatus: status,
    bookedAt: '2026-11-15T06:00:00.000Z',
    startedAt: status === 'pending' ? null : '2026-11-16T06:00:00.000Z',
    completedAt: status === 'completed' ? '2026-11-17T09:30:00.000Z' : null,
    estimatedTime: '2-3 hours',
    specialInstruction: 'Please call before coming.',
    customerNotes: 'Please call before coming.',
    serviceTakingDate: '2026-11-20',
    userName: 'Rakib Hasan',
    customerName: 'Rakib Hasan',
    userEmail: 'rakib@meramot.test',
    customerEmail: 'rakib@meramot.test',
    reviewed: false,
    serviceDeleted: false,
  };
  return { ...base, ...over, serviceStatus: over.status ?? status };
}

export interface ApiStub {
  user: Booking[] | Response;
  provider: Booking[] | Response;
  /** The answer to PUT /api/bookings/{id}/status. */
  put?: (id: string, body: unknown) => Response;
}

/** Stubs fetch with the signed-in provider and the two booking lists; returns the fetch mock. */
export function stubApi(stub: ApiStub) {
  window.localStorage.setItem('meramot-token', 'session-token');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/verify') return json({ valid: true, user: PROVIDER });
    if (path === `/api/bookings/user/${encodeURIComponent(PROVIDER.email)}`)
      return Array.isArray(stub.user) ? json(stub.user) : stub.user.clone();
    if (path === `/api/bookings/provider/${encodeURIComponent(PROVIDER.email)}`)
      return Array.isArray(stub.provider) ? json(stub.provider) : stub.provider.clone();
    const put = /^\/api\/bookings\/([^/]+)\/status$/.exec(path);
    if (put && method === 'PUT') {
      const body: unknown = JSON.parse(String(init?.body));
      return stub.put ? stub.put(decodeURIComponent(put[1] ?? ''), body) : json({ ...body as object, _id: put[1] });
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export { json };

/** The PUT calls the fetch mock received: [id, parsed body]. */
export function statusPuts(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([input, init]) => [String(input), JSON.parse(String(init?.body)) as unknown] as const);
}
