import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/features/home/testing/fixtures';
import { serveRoutes, mockIntersectionObserver } from '@/features/home/testing/mock-browser';
import { storageKeys } from '@/lib/storage';
import { renderAt } from '@/testing/render';
import HomeRoute from './home';

const stats = {
  totalServices: 47,
  totalProviders: 10,
  totalAreas: 8,
  totalBookings: 106,
  completedJobs: 77,
  totalCustomers: 16,
  totalUsers: 16,
  totalReviews: 54,
  averageRating: 4.2,
};
const categories = [
  { key: 'smartphone', name: 'Smartphone Repair', keywords: [], count: 12 },
  { key: 'laptop', name: 'Laptop Repair', keywords: [], count: 1 },
  { key: 'tv', name: 'TV Repair', keywords: [], count: 6 },
  { key: 'ac', name: 'AC Repair', keywords: [], count: 0 },
];
const api = {
  '/stats': stats,
  '/services/categories': categories,
  '/services?limit=6': { services: [], total: 0, totalCapped: false, page: 1, limit: 6 },
  '/bookings/stats': {
    completedJobs: 77,
    totalCustomers: 16,
    totalBookings: 106,
    pendingBookings: 0,
    workingBookings: 0,
  },
  '/reviews/stats': {
    totalReviews: 0,
    averageRating: null,
    averageResponseMinutes: null,
    averageResponseTime: null,
    positiveFeedbackPercentage: null,
  },
  '/reviews/recent?limit=4': [],
};

const heroStats = () => screen.queryByLabelText('Meramot in numbers');

// Transform the lazy chunk once up front, so no timed wait below pays for it.
beforeAll(async () => {
  await import('@/features/home/components/below-the-fold');
}, 60_000);

let io: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  io = mockIntersectionObserver();
});

/** Scrolls everything into view: the deferred sections render. */
const scrollAll = () => act(() => io.show(1));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Home route', () => {
  it('has the default title and one h1', async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Electronic Repair Services in Bangladesh | Meramot'));
  });

  it('shows the hero stats from /api/stats', async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    const list = await screen.findByLabelText('Meramot in numbers');
    await waitFor(() => expect(list).toHaveTextContent('Services47'));
    expect(list).toHaveTextContent('Providers10');
    expect(list).toHaveTextContent('Jobs Done77');
  });

  it('hides the hero stats when /api/stats fails', async () => {
    serveRoutes({ ...api, '/stats': { status: 500 } });
    renderAt(<HomeRoute />);
    scrollAll();
    await screen.findByText('Jobs Completed'); // the band's booking figures still load
    // The band's own observer retries the failed call once it mounts; then both hide the figures.
    await waitFor(() => {
      expect(heroStats()).toBeNull();
      expect(screen.queryByText('Services Listed')).not.toBeInTheDocument();
    });
  });

  it('links each category tile to a search by the first word of its name, with its count', async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    const section = screen.getByRole('region', { name: 'Browse by Category' });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/services?search=Smartphone',
      '/services?search=Laptop',
      '/services?search=TV',
      '/services?search=AC',
    ]);
    await within(section).findByText('12 services');
    expect(within(section).getByText('1 service')).toBeInTheDocument();
    expect(within(section).getByText('0 services')).toBeInTheDocument();
  });

  it("a visitor gets 'Join as Provider', 'Find Services' and 'Become a Provider'", async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    const hero = screen.getByRole('region', { name: 'Highlights' });
    expect(within(hero).getAllByRole('link', { name: 'Join as Provider', hidden: true })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    scrollAll();
    const cta = await screen.findByRole('region', { name: 'Ready to get your device fixed?' });
    expect(within(cta).getByRole('link', { name: 'Find Services' })).toHaveAttribute('href', '/services');
    expect(within(cta).getByRole('link', { name: 'Become a Provider' })).toHaveAttribute('href', '/register');
  });

  it("a signed-in user gets 'Add Your Service' in the hero and the closing call to action", async () => {
    window.localStorage.setItem(storageKeys.token, signedIn.token);
    serveRoutes({ ...api, ...signedIn.verify });
    renderAt(<HomeRoute />);
    scrollAll();
    const cta = await screen.findByRole('region', { name: 'Ready to get your device fixed?' });
    expect(await within(cta).findByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-service');
    expect(within(cta).queryByRole('link', { name: 'Become a Provider' })).not.toBeInTheDocument();
    const hero = screen.getByRole('region', { name: 'Highlights' });
    expect(within(hero).getAllByRole('link', { name: 'Add Your Service', hidden: true })[0]).toHaveAttribute(
      'href',
      '/add-service',
    );
  });

  it('renders the below-the-fold sections once they come near the viewport', async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    expect(screen.queryByRole('heading', { name: 'Newest Services' })).not.toBeInTheDocument();
    scrollAll();
    expect(await screen.findByRole('heading', { name: 'Newest Services' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^Trusted by \d+ Customers$/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What Our Customers Say' })).toBeInTheDocument();
  });

  it('renders the below-the-fold sections when the browser is idle, without scrolling', async () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    expect(await screen.findByRole('heading', { name: 'Newest Services' })).toBeInTheDocument();
  });

  it('has a five-step how-it-works section', () => {
    serveRoutes(api);
    renderAt(<HomeRoute />);
    const section = screen.getByRole('region', { name: 'How It Works' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
  });
});
