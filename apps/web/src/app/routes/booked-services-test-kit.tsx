import type { Booking } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import BookedServicesRoute from './booked-services';
import { signIn } from '../../testing/api-state';
import { makeBooking, makeUser } from '../../testing/fixtures';
import { json } from '../../testing/http';
import { answer, calls, server, type Call } from '../../testing/server';
import { renderRoutes } from '../../testing/render';

export const AYESHA = makeUser();

export { json, makeBooking, type Call };

/**
 * Signed in as Ayesha; the mock API answers her bookings with `bookings` and lets `override`
 * answer any call first. Returns the calls the API received.
 */
export function serveBookings(bookings: Booking[] | (() => Booking[]), override?: (call: Call) => Response | undefined | Promise<Response | undefined>) {
  signIn(AYESHA);
  server.use(http.get('/api/bookings/user/:email', () => HttpResponse.json(typeof bookings === 'function' ? bookings() : bookings)));
  if (override) server.use(answer(override));
  return calls;
}
/** Renders Booked Services at `url` (a notification's link adds ?booking=...). */
export function renderBookedServices(url = '/booked-services') {
  return renderRoutes(
    [
      { path: '/booked-services', element: <BookedServicesRoute /> },
      { path: '/services', element: <h1>Services page</h1> },
    ],
    url,
  );
}
