import type { Review } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';

/** /api/reviews: a booking's review (marks the booking reviewed) and a service's reviews. */
export const reviewHandlers = [
  http.post('/api/reviews', async ({ request }) => {
    const body = (await request.json()) as Pick<Review, 'bookingId' | 'rating' | 'title' | 'comment'>;
    const booking = apiState.userBookings.find((b) => b._id === body.bookingId);
    if (!booking) return HttpResponse.json({ error: 'Booking not found' }, { status: 404 });
    booking.reviewed = true;
    const review: Review = {
      ...body,
      _id: `review-${body.bookingId}`,
      serviceId: booking.serviceId,
      serviceName: booking.serviceName,
      providerName: booking.providerName,
      providerEmail: booking.providerEmail,
      customerName: booking.customerName,
      customerEmail: booking.customerEmail,
      customerImage: null,
      customerLocation: booking.serviceArea,
      createdAt: '2026-11-21T10:00:00.000Z',
      reviewDate: '2026-11-21T10:00:00.000Z',
    };
    apiState.reviews = [review, ...apiState.reviews];
    return HttpResponse.json(review, { status: 201 });
  }),
  http.get('/api/reviews/service/:id', ({ params }) =>
    HttpResponse.json(apiState.reviews.filter((r) => r.serviceId === params.id)),
  ),
];
