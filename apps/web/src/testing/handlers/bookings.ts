import type { Booking, BookingStatus } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';
import { makeBooking } from '../fixtures';

const find = (id: string) => [...apiState.userBookings, ...apiState.providerBookings].find((b) => b._id === id);

/** /api/bookings: the user's and the provider's lists, booking, cancelling and status changes. */
export const bookingHandlers = [
  http.get('/api/bookings/user/:email', () => HttpResponse.json(apiState.userBookings)),
  http.get('/api/bookings/provider/:email', () => HttpResponse.json(apiState.providerBookings)),
  http.post('/api/bookings', async ({ request }) => {
    const body = (await request.json()) as Pick<Booking, 'serviceId' | 'serviceTakingDate' | 'specialInstruction'>;
    const booking = makeBooking({
      ...body,
      customerEmail: apiState.user?.email ?? '',
      customerNotes: body.specialInstruction,
    });
    apiState.userBookings = [booking, ...apiState.userBookings];
    return HttpResponse.json(booking, { status: 201 });
  }),
  http.delete('/api/bookings/:id', ({ params }) => {
    const id = String(params.id);
    apiState.userBookings = apiState.userBookings.filter((b) => b._id !== id);
    return HttpResponse.json({ message: 'Booking cancelled', _id: id });
  }),
  http.put('/api/bookings/:id/status', async ({ params, request }) => {
    const { status } = (await request.json()) as { status: BookingStatus };
    const booking = find(String(params.id));
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    Object.assign(booking, { status, serviceStatus: status });
    return HttpResponse.json(booking);
  }),
];
