import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Review, Service, User } from '@meramot/shared';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { sdk as firebase } from '@/lib/__mocks__/firebase';
import { apiState, signIn } from '@/testing/api-state';
import { authRoutes } from '@/app/testing/auth-pages';
import { renderRoutes } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { routePatterns } from '@/config/paths';
import ServiceDetailRoute from './service-detail';
import { makePhoto, makeUser } from '@/testing/fixtures';
import { routes } from '../router';

vi.mock('@/lib/firebase');
vi.mock('@/lib/alerts');

const ID = '3f259eb3-3549-4ff5-ace4-adef38ac3e61';
const SERVICE: Service = {
  _id: ID,
  serviceName: 'Laptop Motherboard & Chip-Level Repair',
  serviceDescription: 'No power, no display or liquid damage? Chip-level repair of laptop motherboards.',
  servicePrice: 4500,
  serviceArea: 'Dhaka',
  serviceDistrict: null,
  serviceAreas: [],
  places: [],
  serviceImage: '/images/services/laptop-1.webp',
  providerName: 'Fatema Akter',
  providerEmail: 'fatema@meramot.test',
  providerImage: null,
  providerVerified: true,
  status: 'active',
  bookings: 12,
  rating: 4.333333,
  reviewCount: 3,
  createdAt: '2026-11-13T10:33:56.112Z',
  updatedAt: '2026-11-13T10:33:56.112Z',
};
const USER: User = makeUser({
  id: '6c1f0a52-1111-4c8e-9a55-0d3a3c1b2f10',
  uid: 'demo-ayesha',
  email: 'ayesha@meramot.test',
  displayName: 'Ayesha Siddiqua',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastLoginAt: null,
});
const REVIEW: Review = {
  _id: 'r1',
  bookingId: 'b1',
  serviceId: ID,
  serviceName: SERVICE.serviceName,
  providerName: 'Fatema Akter',
  providerEmail: 'fatema@meramot.test',
  customerName: 'Rakib Hasan',
  customerEmail: 'rakib@meramot.test',
  customerImage: null,
  customerLocation: 'Dhaka',
  rating: 4,
  title: 'Back from the dead',
  comment: 'My laptop would not power on; it works again after a board repair.',
  createdAt: '2026-11-17T06:08:48.841Z',
  reviewDate: '2026-11-17T06:08:48.841Z',
};

const json = (body: unknown, status = 200) => HttpResponse.json(body as JsonBodyType, { status });

/** The mock API answers the service with `service` and its reviews with `reviews`. */
function serveService(service: Response, reviews: Review[] = [REVIEW]) {
  server.use(
    http.get(`/api/services/${ID}`, () => service.clone()),
    http.get(`/api/reviews/service/${ID}`, () => HttpResponse.json(reviews)),
  );
}

/** Signed in as Ayesha; the mock API answers as serveService. */
function serveSignedIn(service: Response, reviews: Review[] = [REVIEW]) {
  signIn(USER);
  serveService(service, reviews);
}

/** The service's canonical address. */
const CANONICAL = `/services/${ID}/laptop-motherboard-chip-level-repair`;

const render = (url = `/services/${ID}`) =>
  renderRoutes(
    [
      { path: '/start', element: <h1>Start page</h1> },
      { path: routePatterns.service, element: <ServiceDetailRoute /> },
      ...authRoutes,
    ],
    url,
  );

describe('Service detail', () => {
  it('shows breadcrumbs, the provider with real rating and Verified badge, price, Book Now and the real reviews', async () => {
    serveSignedIn(json(SERVICE));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    // Signed in, the service is asked for with the token (a provider sees their own paused service).
    expect(callsTo(`/api/services/${ID}`)[0]?.headers.get('authorization')).toBe('Bearer session-token');
    await waitFor(() => expect(document.title).toBe(`${SERVICE.serviceName} | Meramot`));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(within(crumbs).getByText(SERVICE.serviceName)).toHaveAttribute('aria-current', 'page');

    const provider = screen.getByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByText('Fatema Akter')).toBeInTheDocument();
    expect(within(provider).getByText('Verified Provider')).toBeInTheDocument();
    expect(within(provider).getByText('4.3')).toBeInTheDocument();
    expect(within(provider).getByText('(3 reviews)')).toBeInTheDocument();
    expect(within(provider).getByRole('img')).toHaveAttribute('src', '/images/default-avatar.webp');
    expect(screen.getByText('৳4,500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();

    const reviews = screen.getByRole('region', { name: /Customer Reviews/ });
    expect(await within(reviews).findByText('Back from the dead')).toBeInTheDocument();
    expect(within(reviews).getByText('Rakib Hasan')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  });

  it('shows its image alone when it has no photos, loaded at once', async () => {
    serveService(json(SERVICE));
    render();
    const image = await screen.findByRole('img', { name: SERVICE.serviceName });
    expect(image).toHaveAttribute('src', SERVICE.serviceImage);
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(screen.queryByRole('region', { name: `Photos of ${SERVICE.serviceName}` })).not.toBeInTheDocument();
  });

  it('shows its photos in a carousel, the first above the fold (not lazy, high priority)', async () => {
    const photos = [makePhoto(), makePhoto(), makePhoto()];
    serveService(json({ ...SERVICE, photos, serviceImage: photos[0]!.url }));
    const user = userEvent.setup();
    render();
    const gallery = await screen.findByRole('region', { name: `Photos of ${SERVICE.serviceName}` });
    expect(gallery).toHaveAttribute('aria-roledescription', 'carousel');
    const images = within(gallery).getAllByRole('img', { name: SERVICE.serviceName });
    expect(images.map((i) => i.getAttribute('src'))).toEqual(photos.map((p) => p.url));
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '1280');
    expect(images[0]).toHaveAttribute('height', '960');
    await user.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(gallery.querySelector('[aria-live="polite"]')).toHaveTextContent('Photo 2 of 3');
  });

  it('says "No reviews yet" without a rating and hides the badge of an unverified provider', async () => {
    serveSignedIn(json({ ...SERVICE, rating: null, reviewCount: 0, providerVerified: false }), []);
    render();
    const provider = await screen.findByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(provider).queryByText('Verified Provider')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Reviews appear here after customers complete a booking of this service.'),
    ).toBeInTheDocument();
  });

  it("links the provider's name to their page when the answer names them, else shows it as text", async () => {
    serveSignedIn(json({ ...SERVICE, providerId: 'p-fatema' }));
    render();
    const provider = await screen.findByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByRole('link', { name: 'Fatema Akter' })).toHaveAttribute('href', '/providers/p-fatema');
  });

  it('shows the name as text when the answer has no provider id', async () => {
    serveSignedIn(json(SERVICE));
    render();
    const provider = await screen.findByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByText('Fatema Akter')).toBeInTheDocument();
    expect(within(provider).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shares the service by its name, price and canonical address', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    try {
      serveSignedIn(json(SERVICE));
      render(`/services/${ID}/old-name`);
      await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: SERVICE.serviceName,
        text: `${SERVICE.serviceName} on Meramot, ৳4,500`,
        url: `${window.location.origin}${CANONICAL}`,
      });
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true, writable: true });
    }
  });

  it("shows 'Service Not Found' with a way back to /services on a 404", async () => {
    serveSignedIn(json({ error: 'Service not found.' }, 404));
    render();
    expect(await screen.findByRole('heading', { name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The service you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
  });
});

describe('Service detail for a visitor (not signed in)', () => {
  it("is public in the app's route table: a visitor is not sent to Login", async () => {
    serveService(json(SERVICE));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderRoutes(routes, `/services/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(CANONICAL));
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the details, price, provider and reviews without asking for a token', async () => {
    serveService(json(SERVICE));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    expect(screen.getByText(SERVICE.serviceDescription)).toBeInTheDocument();
    expect(screen.getByText('৳4,500')).toBeInTheDocument();
    const provider = screen.getByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByText('Fatema Akter')).toBeInTheDocument();
    expect(within(provider).getByText('(3 reviews)')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: /Customer Reviews/ });
    expect(await within(reviews).findByText('Back from the dead')).toBeInTheDocument();

    const asked = callsTo(`/api/services/${ID}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.get('authorization')).toBeNull();
    // Nothing that needs a signed-in user is asked for.
    expect(callsTo('/api/auth/verify')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('sends no token that is not a signed-in session (a stored one the server could not check)', async () => {
    window.localStorage.setItem('meramot-token', 'unchecked-token');
    server.use(http.get('/api/auth/verify', () => json({ error: 'Service unavailable' }, 503)));
    serveService(json(SERVICE));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    expect(callsTo('/api/auth/verify')).not.toHaveLength(0);
    expect(callsTo(`/api/services/${ID}`)[0]!.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\?from=%2Fservices%2F/),
    );
  });

  it('Book Now leads to Login, which brings the visitor back to this service page once signed in', async () => {
    serveService(json(SERVICE));
    apiState.loginUser = USER;
    firebase.signInWithEmailAndPassword.mockResolvedValue({ user: { getIdToken: async () => 'id-token-1' } });
    const { router } = render(`/services/${ID}`);
    const book = await screen.findByRole('link', { name: 'Book Now' });
    expect(screen.getByText('Log in or create an account to book. You will come back to this page.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(CANONICAL));
    // The way back is in the address too, for a click before the app has taken over.
    expect(book).toHaveAttribute('href', `/login?from=${encodeURIComponent(CANONICAL)}`);

    await userEvent.click(screen.getByRole('link', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent(CANONICAL)}`);
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(CANONICAL);

    await userEvent.type(screen.getByLabelText('Email'), USER.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Repair1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(CANONICAL);
    expect(screen.getByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    // Back signed in, the page asks again, now with the session's token.
    const asked = callsTo(`/api/services/${ID}`);
    expect(asked.at(-1)!.headers.get('authorization')).toBe('Bearer new-session-token');
  });

  it('keeps the way back through Register too', async () => {
    serveService(json(SERVICE));
    const { router } = render(CANONICAL);
    await userEvent.click(await screen.findByRole('link', { name: 'Book Now' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(CANONICAL);
  });
});

describe('Service detail address', () => {
  it('replaces a wrong slug by the canonical one, in place (no new history entry), query and hash kept', async () => {
    serveSignedIn(json(SERVICE));
    const { router } = render('/start');
    await screen.findByRole('heading', { name: 'Start page' });
    await waitFor(() => router.navigate(`/services/${ID}/old-name?ref=share#reviews`));
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(CANONICAL));
    expect(router.state.location.search).toBe('?ref=share');
    expect(router.state.location.hash).toBe('#reviews');

    // The wrong address was replaced, not followed by a new entry: Back leaves the service page.
    await waitFor(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  });

  it('replaces the address without a slug, and leaves the canonical one alone', async () => {
    serveSignedIn(json(SERVICE));
    const { router } = render(`/services/${ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(CANONICAL));
    expect(screen.getByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    expect(callsTo(`/api/services/${ID}`)).toHaveLength(1);
  });

  it('gives a Bangla name a Bangla slug, percent-encoded, and keeps it once there', async () => {
    const name = 'ফ্রিজ মেরামত (সব ব্র্যান্ড)';
    serveService(json({ ...SERVICE, serviceName: name }));
    const { router } = render(`/services/${ID}/x`);
    const encoded = `/services/${ID}/${encodeURIComponent('ফ্রিজ-মেরামত-সব-ব্র্যান্ড')}`;
    await waitFor(() => expect(router.state.location.pathname).toBe(encoded));
    const key = router.state.location.key;
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    // No loop: the decoded slug matches, so the page stays put.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.key).toBe(key);
  });
});
