import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderRoutes } from '@/testing/render';
import { calls, server } from '@/testing/server';
import { booking, serveBoard } from '@/testing/provider-bookings';
import BookingsRoute from './bookings';

/** A list's home, saying where the redirect landed. */
function Landed({ name }: { name: string }) {
  const { pathname, search, hash } = useLocation();
  return (
    <p>
      {name} at {pathname + search + hash}
    </p>
  );
}

const render = (url: string) =>
  renderRoutes(
    [
      { path: '/bookings', element: <BookingsRoute /> },
      { path: '/booked-services', element: <Landed name="Booked Services" /> },
      { path: '/service-todo', element: <Landed name="Service To-Do" /> },
    ],
    url,
  );

const REQUEST = booking('pending', { serviceName: 'Screen Replacement' });
const DECLINED = booking('declined', { serviceName: 'Fan Repair', declineReason: 'No parts.' });
const MINE = booking('completed', { serviceName: 'AC Gas Refill', providerEmail: 'karim@meramot.test' });
const bookingLists = () => calls.filter((c) => c.path.startsWith('/api/bookings/'));

describe('/bookings (one home for each list)', () => {
  it('sends plain /bookings to Booked Services, without loading any list', async () => {
    serveBoard({ user: [MINE], provider: [REQUEST] });
    const { router } = render('/bookings');
    expect(await screen.findByText('Booked Services at /booked-services')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booked-services');
    expect(bookingLists()).toEqual([]);
  });

  it('sends ?tab=requests to Service To-Do', async () => {
    serveBoard({ user: [MINE], provider: [REQUEST] });
    render('/bookings?tab=requests');
    expect(await screen.findByText('Service To-Do at /service-todo')).toBeInTheDocument();
  });

  it("sends a request's link to Service To-Do with its query, showing the loading state while it decides", async () => {
    serveBoard({ user: [MINE], provider: [REQUEST, DECLINED] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/bookings/provider/:email', async ({ request }) => {
        await held;
        const ended = new URL(request.url).searchParams.get('state') === 'ended';
        return HttpResponse.json(ended ? [DECLINED] : [REQUEST]);
      }),
    );
    const { router } = render(`/bookings?booking=${REQUEST._id}&chat=1#top`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading bookings...');
    expect(router.state.location.pathname).toBe('/bookings');
    release();
    expect(
      await screen.findByText(`Service To-Do at /service-todo?booking=${REQUEST._id}&chat=1#top`),
    ).toBeInTheDocument();
  });

  it("sends an ended request's link to Service To-Do too", async () => {
    serveBoard({ user: [MINE], provider: [REQUEST, DECLINED] });
    render(`/bookings?booking=${DECLINED._id}`);
    expect(await screen.findByText(`Service To-Do at /service-todo?booking=${DECLINED._id}`)).toBeInTheDocument();
  });

  it("sends the link of a booking one made (not one of one's requests) to Booked Services", async () => {
    serveBoard({ user: [MINE], provider: [REQUEST, DECLINED] });
    render(`/bookings?booking=${MINE._id}&review=1`);
    expect(
      await screen.findByText(`Booked Services at /booked-services?booking=${MINE._id}&review=1`),
    ).toBeInTheDocument();
  });

  it('sends a link to Booked Services when the requests cannot be loaded', async () => {
    serveBoard({ user: [MINE], provider: new Response(null, { status: 503 }) });
    render(`/bookings?booking=${REQUEST._id}`);
    expect(await screen.findByText(`Booked Services at /booked-services?booking=${REQUEST._id}`)).toBeInTheDocument();
  });
});
