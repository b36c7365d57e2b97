import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review, Service, User } from '@meramot/shared';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { signIn } from '@/testing/api-state';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import ServiceDetailRoute from './service-detail';
import { makeUser } from '@/testing/fixtures';

const ID = '3f259eb3-3549-4ff5-ace4-adef38ac3e61';
const SERVICE: Service = {
  _id: ID,
  serviceName: 'Laptop Motherboard & Chip-Level Repair',
  serviceDescription: 'No power, no display or liquid damage? Chip-level repair of laptop motherboards.',
  servicePrice: 4500,
  serviceArea: 'Dhaka',
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

/** Signed in; the mock API answers the service with `service` and its reviews with `reviews`. */
function serveService(service: Response, reviews: Review[] = [REVIEW]) {
  signIn(USER);
  server.use(
    http.get(`/api/services/${ID}`, () => service.clone()),
    http.get(`/api/reviews/service/${ID}`, () => HttpResponse.json(reviews)),
  );
}

const render = () => renderRoutes([{ path: '/services/:id', element: <ServiceDetailRoute /> }], `/services/${ID}`);

describe('Service detail', () => {
  it('shows breadcrumbs, the provider with real rating and Verified badge, price, Book Now and the real reviews', async () => {
    serveService(json(SERVICE));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
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

  it('says "No reviews yet" without a rating and hides the badge of an unverified provider', async () => {
    serveService(json({ ...SERVICE, rating: null, reviewCount: 0, providerVerified: false }), []);
    render();
    const provider = await screen.findByRole('region', { name: 'Provider Information' });
    expect(within(provider).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(provider).queryByText('Verified Provider')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Reviews appear here after customers complete a booking of this service.'),
    ).toBeInTheDocument();
  });

  it("shows 'Service Not Found' with a way back to /services on a 404", async () => {
    serveService(json({ error: 'Service not found.' }, 404));
    render();
    expect(await screen.findByRole('heading', { name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The service you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
  });
});
