import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { renderAt } from '@/testing/render';
import { calledUrls, serveRoutes } from '../testing/mock-browser';
import { service, signedIn } from '../testing/fixtures';
import { PopularServices } from './popular-services';

afterEach(() => {
  vi.restoreAllMocks();
});

const LIST = '/services?limit=6';
const list = (services: ReturnType<typeof service>[]) => ({
  services,
  total: services.length,
  totalCapped: false,
  page: 1,
  limit: 6,
});

describe('PopularServices', () => {
  it('shows the first 6 services with image, name, cut description, provider and price, linking to the detail', async () => {
    const long = 'A'.repeat(100) + 'BBBB';
    serveRoutes({
      [LIST]: list(
        [1, 2, 3, 4, 5, 6, 7].map((i) => service(i, i === 1 ? { serviceDescription: long, servicePrice: 125000 } : {})),
      ),
    });
    renderAt(<PopularServices />);
    const cards = await screen.findAllByRole('article');
    expect(calledUrls()).toContain('/api/services?limit=6');
    expect(cards).toHaveLength(6);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Service 1' })).toHaveAttribute('href', '/services/svc-1/service-1');
    expect(first.getByText(`${'A'.repeat(100)}...`)).toBeInTheDocument();
    expect(first.getByText('by Provider 1')).toBeInTheDocument();
    expect(first.getByText('৳1,25,000')).toBeInTheDocument();
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/images/services/tv-1.webp');
    expect(within(cards[1]!).getByText('Description 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Services' })).toHaveAttribute('href', '/services');
  });

  it('calls the newest services what they are: "Newest Services", not "Popular Services"', async () => {
    serveRoutes({ [LIST]: list([service(1)]) });
    renderAt(<PopularServices />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Newest Services' })).toBeInTheDocument();
    expect(screen.getByText('The services most recently listed by providers across Bangladesh.')).toBeInTheDocument();
    expect(screen.queryByText(/Popular/)).not.toBeInTheDocument();
    // The list's default order, newest first: no sort in the request.
    expect(calledUrls()).toEqual(['/api/services?limit=6']);
  });

  it('falls back to the placeholder image when a service image is broken', async () => {
    serveRoutes({ [LIST]: list([service(1)]) });
    renderAt(<PopularServices />);
    const img = (await screen.findByRole('article')).querySelector('img')!;
    img.dispatchEvent(new Event('error'));
    expect(img).toHaveAttribute('src', '/images/service-placeholder.webp');
  });

  it('with no services, the empty state links a visitor to register', async () => {
    serveRoutes({ [LIST]: list([]) });
    renderAt(<PopularServices />);
    expect(await screen.findByText('No services listed yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join as Provider' })).toHaveAttribute('href', '/register');
  });

  it('with no services, the empty state links a signed-in user to add a service', async () => {
    window.localStorage.setItem(storageKeys.token, signedIn.token);
    serveRoutes({ [LIST]: list([]), ...signedIn.verify });
    renderAt(<PopularServices />);
    expect(await screen.findByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-service');
  });

  it('a failed load shows a message with a retry', async () => {
    serveRoutes({ [LIST]: { status: 500 } });
    renderAt(<PopularServices />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Services could not be loaded right now.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
