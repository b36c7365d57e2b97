import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceList } from '@meramot/shared';
import { makeService } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { ServicesBrowser } from './services-browser';

// A loaded machine can be slow: give lazy imports and renders time (tests still fail on wrong output).
configure({ asyncUtilTimeout: 5000 });

const service = makeService;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const areas = [
  { area: 'Dhaka', count: 12 },
  { area: 'Sylhet', count: 3 },
];

/** Answers /api/services (filtered: `filtered`, unfiltered total: `all`) and /api/services/areas. */
function stubApi({ filtered, all = 47 }: { filtered: ServiceList | (() => Response); all?: number }) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    if (url.pathname === '/api/services/areas') return json(areas);
    if (url.pathname === '/api/services') {
      if (url.search === '?limit=1') return json({ services: [service()], total: all, totalCapped: false, page: 1, limit: 1 });
      return typeof filtered === 'function' ? filtered() : json(filtered);
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const render = (url: string) => renderRoutes([{ path: '/services', element: <ServicesBrowser /> }], url);

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('All Services', { timeout: 30_000 }, () => {
  it('takes search, area, sort and page from the URL and shows "x of y services found"', async () => {
    const { calls } = stubApi({
      filtered: { services: [service(), service({ _id: 'b', serviceName: 'Phone Battery Fix' })], total: 22, totalCapped: false, page: 2, limit: 20 },
    });
    render('/services?search=phone&area=Dhaka&sort=price-low&page=2');

    expect(await screen.findByText('22 of 47 services found')).toBeInTheDocument();
    expect(screen.getByText('47% match')).toBeInTheDocument();
    expect(calls).toContain('/api/services?search=phone&area=Dhaka&sort=price-low&page=2');
    expect(calls).toContain('/api/services?limit=1');
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('phone');
    expect(screen.getByRole('combobox', { name: 'Area' })).toHaveValue('Dhaka');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-low');
    expect(screen.getByRole('option', { name: 'Dhaka (12)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Services' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('shows each card with the description cut at 100 characters, taka price and a View Details link', async () => {
    stubApi({ filtered: { services: [service()], total: 1, totalCapped: false, page: 1, limit: 20 } });
    render('/services');
    const card = (await screen.findByRole('heading', { name: 'Smartphone Screen Replacement' })).closest('article')!;
    const text = service().serviceDescription;
    expect(within(card).getByText(`${text.slice(0, 100)}...`)).toBeInTheDocument();
    expect(within(card).getByText('৳1,25,000')).toBeInTheDocument();
    expect(within(card).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      '/services/3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    );
  });

  it('submits the search with Enter and resets the page when a filter changes', async () => {
    const { calls } = stubApi({ filtered: { services: [service()], total: 41, totalCapped: false, page: 3, limit: 20 } });
    const { router } = render('/services?sort=name&page=3');
    await screen.findByText('41 of 47 services found');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), 'laptop{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&search=laptop'));
    expect(calls).toContain('/api/services?search=laptop&sort=name');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Sylhet');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&search=laptop&area=Sylhet'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('');
  });

  it('tells "no services at all" apart from "no match"', async () => {
    stubApi({ filtered: { services: [], total: 0, totalCapped: false, page: 1, limit: 20 }, all: 0 });
    const first = render('/services');
    expect(await screen.findByRole('heading', { name: 'No services yet' })).toBeInTheDocument();
    expect(screen.queryByText('No services match your search')).not.toBeInTheDocument();
    first.unmount();

    stubApi({ filtered: { services: [], total: 0, totalCapped: false, page: 1, limit: 20 } });
    render('/services?search=zzz');
    expect(await screen.findByRole('heading', { name: 'No services match your search' })).toBeInTheDocument();
    expect(screen.getByText('0 of 47 services found')).toBeInTheDocument();
    expect(screen.queryByText('No services yet')).not.toBeInTheDocument();
  });

  it('shows the Connection Issue banner with the message, never "Showing sample data.", and retries', async () => {
    let fail = true;
    const { calls } = stubApi({
      filtered: () => (fail ? json({ error: 'The database is not answering.' }, 400) : json({ services: [service()], total: 1, totalCapped: false, page: 1, limit: 20 })),
    });
    render('/services');
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Connection Issue')).toBeInTheDocument();
    expect(within(banner).getByText('The database is not answering.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing sample data/)).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Smartphone Screen Replacement' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c === '/api/services').length).toBe(2);
  });

  describe('the list window (the server pages through its first 1,000 results)', () => {
    const page = (n: number, total: number, totalCapped: boolean): ServiceList => ({
      services: [service({ _id: `p${n}` })],
      total,
      totalCapped,
      page: n,
      limit: 20,
    });
    const note = 'Only the first 1,000 services can be browsed. Search or choose an area to narrow the list.';

    it('a capped search count reads "1,000+ of 100,000 services found", without a percent', async () => {
      stubApi({ filtered: page(1, 1000, true), all: 100_000 });
      render('/services?search=phone');
      expect(await screen.findByText('1,000+ of 100,000 services found')).toBeInTheDocument();
      expect(screen.queryByText(/% match/)).not.toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).getByText('Page 1 of 50')).toBeInTheDocument();
      expect(within(pager).getByRole('link', { name: 'Page 50' })).toHaveAttribute('href', '/services?search=phone&page=50');
      expect(screen.getByText(note)).toBeInTheDocument();
    });

    it('an exact total past the window: formatted counts, no page past 50, and the note', async () => {
      stubApi({ filtered: page(1, 100_000, false), all: 100_000 });
      render('/services');
      expect(await screen.findByText('100,000 of 100,000 services found')).toBeInTheDocument();
      expect(screen.getByText('100% match')).toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).getByText('Page 1 of 50')).toBeInTheDocument();
      const numbers = within(pager)
        .getAllByRole('link', { name: /^Page \d+$/ })
        .map((a) => Number(a.textContent));
      expect(Math.max(...numbers)).toBe(50);
      expect(screen.getByText(note)).toBeInTheDocument();
    });

    it('a page in the URL past the window shows the last allowed page, not an error', async () => {
      const { calls } = stubApi({ filtered: page(50, 100_000, false), all: 100_000 });
      render('/services?page=999');
      expect(await screen.findByText('Page 50 of 50')).toBeInTheDocument();
      expect(calls).toContain('/api/services?page=50');
      expect(calls.some((c) => c.includes('page=999'))).toBe(false);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
      expect(within(pager).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/services?page=49');
    });

    it('a list within the window has no note', async () => {
      stubApi({ filtered: page(1, 1000, false), all: 1000 });
      render('/services');
      expect(await screen.findByText('1,000 of 1,000 services found')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 50')).toBeInTheDocument();
      expect(screen.queryByText(note)).not.toBeInTheDocument();
    });
  });
});
