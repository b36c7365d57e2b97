/**
 * Test kit for the Booked Services route: Ayesha signed in, the mock API's answers to her bookings
 * and the route rendered. In app/testing/, not testing/: it renders the app's route, and shared code
 * (testing/ too) never imports app/ (eslint.config.js).
 */
import { ENDED_STATES, type Booking, type BookingState } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import BookedServicesRoute from '@/app/routes/booked-services';
import { signIn } from '@/testing/api-state';
import { makeBooking, makeUser } from '@/testing/fixtures';
import { json } from '@/testing/http';
import { answer, calls, server, type Call } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

export const AYESHA = makeUser();

export { json, makeBooking, type Call };

const isEnded = (b: Booking) => (ENDED_STATES as readonly BookingState[]).includes(b.state);

/**
 * Signed in as Ayesha; the mock API answers her bookings with `bookings` (the active ones, or with
 * `?state=ended` the cancelled, declined and expired ones) and lets `override` answer any call
 * first. Returns the calls the API received.
 */
export function serveBookings(
  bookings: Booking[] | (() => Booking[]),
  override?: (call: Call) => Response | undefined | Promise<Response | undefined>,
) {
  signIn(AYESHA);
  server.use(
    http.get('/api/bookings/user/:email', ({ request }) => {
      const ended = new URL(request.url).searchParams.get('state') === 'ended';
      const all = typeof bookings === 'function' ? bookings() : bookings;
      return HttpResponse.json(all.filter((b) => isEnded(b) === ended));
    }),
  );
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
