import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderProfile, Review } from '@meramot/shared';
import { setLanguage } from '@/lib/i18n';
import { apiState } from '@/testing/api-state';
import { makeService } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { calls } from '@/testing/server';
import { routePatterns } from '@/config/paths';
import { routes, type PublicPageHandle } from '../router';
import ProviderRoute from './provider';

const ID = 'p-fatema';
const FATEMA: ProviderProfile = {
  id: ID,
  displayName: 'Fatema Akter',
  photoURL: '/images/avatars/fatema.webp',
  areas: ['Dhaka', 'Chittagong'],
  memberSince: '2026-03-05T08:00:00.000Z',
  emailVerified: true,
  rating: 4.5,
  reviewCount: 7,
  serviceCount: 8,
};

/** Her 8 active services, "Service 8" the newest, and a paused one (not listed). */
const SERVICES = Array.from({ length: 8 }, (_, i) =>
  makeService({
    _id: `s${i + 1}`,
    serviceName: `Service ${i + 1}`,
    providerName: 'Fatema Akter',
    providerId: ID,
    createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T08:00:00.000Z`,
  }),
);
const PAUSED = makeService({ _id: 's-paused', serviceName: 'Paused Service', providerId: ID, status: 'paused' });

/** 7 reviews of her services, "Review 7" the newest. */
const REVIEWS: Review[] = Array.from({ length: 7 }, (_, i) => ({
  _id: `r${i + 1}`,
  bookingId: `b${i + 1}`,
  serviceId: 's1',
  serviceName: 'Service 1',
  providerName: 'Fatema Akter',
  providerEmail: 'fatema@meramot.test',
  customerName: `Customer ${i + 1}`,
  customerEmail: `c${i + 1}@meramot.test`,
  customerImage: null,
  customerLocation: 'Dhaka',
  rating: 5,
  title: `Review ${i + 1}`,
  comment: 'Quick and careful work, the phone works like new.',
  createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`,
  reviewDate: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`,
}));

function serve(provider: Partial<ProviderProfile> = {}, { services = SERVICES, reviews = REVIEWS } = {}) {
  apiState.providers = [{ ...FATEMA, ...provider }];
  apiState.services = [...services, PAUSED];
  apiState.reviews = reviews;
}

const render = (url = `/providers/${ID}`) =>
  renderRoutes([{ path: routePatterns.provider, element: <ProviderRoute /> }], url);

const section = (name: string | RegExp) => screen.getByRole('region', { name });
const listCalls = (list: string) => calls.filter((c) => c.path === `/api/providers/${ID}/${list}`).map((c) => c.search);

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Provider page', () => {
  it("shows the provider's photo, name, Verified badge, member since, rating, services count and areas", async () => {
    serve();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatema Akter' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fatema Akter | Meramot'));
    const photo = screen.getByRole('img', { name: 'Photo of Fatema Akter' });
    expect(photo).toHaveAttribute('src', '/images/avatars/fatema.webp');
    expect(photo).toHaveAttribute('width', '112');
    expect(photo).toHaveAttribute('height', '112');
    expect(screen.getByText('Verified Provider')).toBeInTheDocument();
    expect(screen.getByText('Member since').nextElementSibling).toHaveTextContent('5 Mar 2026');
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('(7 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Active services').nextElementSibling).toHaveTextContent('8');
    const areas = within(screen.getByText('Areas served').nextElementSibling as HTMLElement);
    expect(areas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dhaka', 'Chittagong']);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('lists her active services as All Services cards, newest first, six at a time with Show more', async () => {
    serve();
    render();
    const services = await screen.findByRole('region', { name: 'Services' });
    await within(services).findByRole('heading', { level: 3, name: 'Service 8' });
    const names = () =>
      within(services)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(names()).toEqual(['Service 8', 'Service 7', 'Service 6', 'Service 5', 'Service 4', 'Service 3']);
    expect(names()).not.toContain('Paused Service');
    const card = within(within(services).getByRole('heading', { name: 'Service 8' }).closest('article')!);
    expect(card.getByRole('link', { name: 'View Details: Service 8' })).toHaveAttribute(
      'href',
      '/services/s8/service-8',
    );
    expect(card.getByText('৳1,25,000')).toBeInTheDocument();
    expect(within(services).getByRole('status')).toHaveTextContent('Showing 6 of 8 services');
    expect(listCalls('services')).toEqual(['?page=1&limit=6']);

    await userEvent.click(within(services).getByRole('button', { name: 'Show more services' }));
    await waitFor(() => expect(names()).toHaveLength(8));
    expect(names().slice(6)).toEqual(['Service 2', 'Service 1']);
    expect(listCalls('services')).toEqual(['?page=1&limit=6', '?page=2&limit=6']);
    expect(within(services).getByRole('status')).toHaveTextContent('Showing 8 of 8 services');
    expect(within(services).queryByRole('button', { name: 'Show more services' })).not.toBeInTheDocument();
    // Focus moves to the first service the button added.
    expect(document.activeElement).toBe(within(services).getByRole('heading', { name: 'Service 2' }).closest('li'));
  });

  it('lists her latest reviews, each naming its service, six at a time with Show more', async () => {
    serve();
    render();
    const reviews = await screen.findByRole('region', { name: 'Customer Reviews' });
    expect(await within(reviews).findByText('Review 7')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('article')).toHaveLength(6);
    expect(within(reviews).queryByText('Review 1')).not.toBeInTheDocument();
    expect(within(reviews).getByText('Customer 7')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('link', { name: 'Service 1' })[0]).toHaveAttribute(
      'href',
      '/services/s1/service-1',
    );
    expect(within(reviews).getByRole('status')).toHaveTextContent('Showing 6 of 7 reviews');

    await userEvent.click(within(reviews).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(reviews).findByText('Review 1')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('article')).toHaveLength(7);
    expect(listCalls('reviews')).toEqual(['?page=1&limit=6', '?page=2&limit=6']);
    expect(within(reviews).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('shows the initial without a photo, no badge unverified, and says when there are no services or reviews', async () => {
    serve(
      { photoURL: null, emailVerified: false, rating: null, reviewCount: 0, serviceCount: 0, areas: [] },
      { services: [], reviews: [] },
    );
    render();
    await screen.findByRole('heading', { level: 1, name: 'Fatema Akter' });
    expect(screen.getByTestId('provider-initial')).toHaveTextContent('F');
    expect(screen.queryByRole('img', { name: /Photo of/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Verified Provider')).not.toBeInTheDocument();
    expect(screen.getByText('Rating').nextElementSibling).toHaveTextContent('No reviews yet');
    expect(screen.getByText('Areas served').nextElementSibling).toHaveTextContent('None right now');
    expect(await within(section('Services')).findByText('No active services')).toBeInTheDocument();
    expect(await within(section('Customer Reviews')).findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it("shows the app's not-found page for an unknown provider", async () => {
    serve();
    render('/providers/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Meramot'));
    expect(screen.queryByRole('region', { name: 'Services' })).not.toBeInTheDocument();
  });

  it('shares the provider page: the link is copied where there is no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true, writable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/providers/${ID}`);
  });

  it('speaks Bangla: the date in Bengali digits, the areas and the counts', async () => {
    await act(() => setLanguage('bn'));
    serve();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatema Akter' })).toBeInTheDocument();
    expect(screen.getByText('সদস্য হয়েছেন').nextElementSibling).toHaveTextContent('৫ মার্চ, ২০২৬');
    expect(screen.getByText('যাচাই করা প্রোভাইডার')).toBeInTheDocument();
    const areas = within(screen.getByText('যেসব এলাকায় কাজ করেন').nextElementSibling as HTMLElement);
    expect(areas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ঢাকা', 'চট্টগ্রাম']);
    expect(await screen.findByText('৮টির মধ্যে ৬টি সার্ভিস দেখানো হচ্ছে')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আরও সার্ভিস দেখুন' })).toBeInTheDocument();
  });

  it('is a public, lazily loaded route of the app', async () => {
    const route = routes[0]!.children!.find((r) => r.path === routePatterns.provider);
    const element = route!.element as React.ReactElement<{ children: React.ReactElement }>;
    expect(element.type).toBe(Suspense);
    expect((route!.handle as PublicPageHandle).preload).toBeTypeOf('function');
    serve();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderRoutes(routes, `/providers/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatema Akter' })).toBeInTheDocument();
  });
});
