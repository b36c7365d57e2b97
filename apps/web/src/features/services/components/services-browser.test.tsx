import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceList } from '@meramot/shared';
import { makeService } from '@/testing/fixtures';
import { http, HttpResponse } from 'msw';
import { renderRoutes } from '@/testing/render';
import { calls, server } from '@/testing/server';
import { addTranslations, setLanguage } from '@/lib/i18n';
import en from '@/locales/en/services.json';
import { ServicesBrowser } from './services-browser';

addTranslations('services', en, () => import('@/locales/bn/services.json'));

afterEach(async () => {
  await setLanguage('en');
});

const service = makeService;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const areas = [
  { area: 'Dhaka', count: 12 },
  { area: 'Sylhet', count: 3 },
];

/** The mock API answers /api/services (filtered: `filtered`, unfiltered total: `all`) and the areas. */
function serveList({ filtered, all = 47 }: { filtered: ServiceList | (() => Response); all?: number }) {
  server.use(
    http.get('/api/services/areas', () => HttpResponse.json(areas)),
    http.get('/api/services', ({ request }) => {
      if (new URL(request.url).search === '?limit=1')
        return HttpResponse.json({
          services: [service()],
          total: all,
          totalCapped: false,
          page: 1,
          limit: 1,
          query: null,
        });
      return typeof filtered === 'function' ? filtered() : HttpResponse.json(filtered);
    }),
  );
}

/** The path and query of each call the mock API received. */
const calledUrls = () => calls.map((c) => c.path + c.search);

const render = (url: string) => renderRoutes([{ path: '/services', element: <ServicesBrowser /> }], url);

describe('All Services', () => {
  it('takes search, area, sort and page from the URL and shows "x of y services found"', async () => {
    serveList({
      filtered: {
        services: [service(), service({ _id: 'b', serviceName: 'Phone Battery Fix' })],
        total: 22,
        totalCapped: false,
        page: 2,
        limit: 20,
        query: null,
      },
    });
    render('/services?search=phone&area=Dhaka&sort=price-low&page=2');

    expect(await screen.findByText('22 of 47 services found')).toBeInTheDocument();
    expect(screen.getByText('47% of all services')).toBeInTheDocument();
    expect(calledUrls()).toContain('/api/services?search=phone&area=Dhaka&sort=price-low&page=2');
    expect(calledUrls()).toContain('/api/services?limit=1');
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('phone');
    expect(screen.getByRole('combobox', { name: 'Area' })).toHaveValue('Dhaka');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-low');
    expect(screen.getByRole('option', { name: 'Dhaka (12)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Services' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('labels the percent beside the count as the share of all services, never as a match score', async () => {
    serveList({
      filtered: { services: [service()], total: 3, totalCapped: false, page: 1, limit: 20, query: null },
      all: 52,
    });
    render('/services?area=Sylhet');
    expect(await screen.findByText('3 of 52 services found')).toBeInTheDocument();
    expect(screen.getByText('6% of all services')).toBeInTheDocument();
    expect(screen.queryByText(/match/i)).not.toBeInTheDocument();
    await setLanguage('bn');
    expect(await screen.findByText('সব সার্ভিসের ৬%')).toBeInTheDocument();
    expect(screen.queryByText(/মিলেছে/)).not.toBeInTheDocument();
  });

  it('shows each card with the description cut at 100 characters, taka price and a View Details link', async () => {
    serveList({ filtered: { services: [service()], total: 1, totalCapped: false, page: 1, limit: 20, query: null } });
    render('/services');
    const card = (await screen.findByRole('heading', { name: 'Smartphone Screen Replacement' })).closest('article')!;
    const text = service().serviceDescription;
    expect(within(card).getByText(`${text.slice(0, 100)}...`)).toBeInTheDocument();
    expect(within(card).getByText('৳1,25,000')).toBeInTheDocument();
    expect(within(card).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      '/services/3f259eb3-3549-4ff5-ace4-adef38ac3e61/smartphone-screen-replacement',
    );
  });

  it('submits the search with Enter and resets the page when a filter changes', async () => {
    serveList({ filtered: { services: [service()], total: 41, totalCapped: false, page: 3, limit: 20, query: null } });
    const { router } = render('/services?sort=name&page=3');
    await screen.findByText('41 of 47 services found');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), 'laptop{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&search=laptop'));
    expect(calledUrls()).toContain('/api/services?search=laptop&sort=name');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Sylhet');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&search=laptop&area=Sylhet'));

    await userEvent.click(screen.getByRole('link', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('');
  });

  it('reads the empty fields a form sent without JavaScript (?search=&area=&sort=) as no filter', async () => {
    serveList({ filtered: { services: [service()], total: 47, totalCapped: false, page: 1, limit: 20, query: null } });
    render('/services?search=&area=&sort=');
    expect(await screen.findByText('47 of 47 services found')).toBeInTheDocument();
    expect(calledUrls()).toContain('/api/services');
    expect(calledUrls().some((c) => /search=|area=|sort=/.test(c))).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest First');
  });

  it('tells "no services at all" apart from "no match"', async () => {
    serveList({ filtered: { services: [], total: 0, totalCapped: false, page: 1, limit: 20, query: null }, all: 0 });
    const first = render('/services');
    expect(await screen.findByRole('heading', { name: 'No services yet' })).toBeInTheDocument();
    expect(screen.queryByText('No services match your search')).not.toBeInTheDocument();
    first.unmount();

    serveList({ filtered: { services: [], total: 0, totalCapped: false, page: 1, limit: 20, query: null } });
    render('/services?search=zzz');
    expect(await screen.findByRole('heading', { name: 'No services match your search' })).toBeInTheDocument();
    expect(screen.getByText('0 of 47 services found')).toBeInTheDocument();
    expect(screen.queryByText('No services yet')).not.toBeInTheDocument();
  });

  it('shows the Connection Issue banner with the message, never "Showing sample data.", and retries', async () => {
    let fail = true;
    serveList({
      filtered: () =>
        fail
          ? json({ error: 'The database is not answering.' }, 400)
          : json({ services: [service()], total: 1, totalCapped: false, page: 1, limit: 20, query: null }),
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
    expect(calledUrls().filter((c) => c === '/api/services').length).toBe(2);
  });

  describe('Best Match (with a search)', () => {
    const list = (query: ServiceList['query'], total = 3): ServiceList => ({
      services: [service()],
      total,
      totalCapped: false,
      page: 1,
      limit: 20,
      query,
    });
    const sortOptions = () =>
      within(screen.getByRole('combobox', { name: 'Sort by' }))
        .getAllByRole('option')
        .map((o) => o.textContent);

    it('with a search: Best Match is offered first and selected by default, and no sort goes to the URL or the API', async () => {
      serveList({ filtered: list({ corrected: null, terms: ['laptop', 'dhaka'], place: null }) });
      render('/services?search=laptop+dhaka');
      await screen.findByText('3 of 47 services found');
      expect(sortOptions()).toEqual([
        'Best Match',
        'Newest First',
        'Name A-Z',
        'Price: Low to High',
        'Price: High to Low',
        'Provider Name',
      ]);
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Best Match');
      expect(calledUrls()).toContain('/api/services?search=laptop+dhaka');
    });

    it('a search naming a place says which place it read, and the URL’s district and place reach the API', async () => {
      serveList({
        filtered: list({
          corrected: null,
          terms: ['laptop'],
          place: { id: 'dhaka/mirpur', name: 'Mirpur', bn: 'মিরপুর', kind: 'city-area', text: 'mirpur' },
        }),
      });
      render('/services?search=laptop+mirpur&district=dhaka&place=dhaka/mirpur');
      expect(await screen.findByText('Showing services in Mirpur')).toBeInTheDocument();
      expect(calledUrls()).toContain('/api/services?search=laptop+mirpur&district=dhaka&place=dhaka%2Fmirpur');
    });

    it('without a search: no Best Match, Newest First is the default', async () => {
      serveList({ filtered: list(null) });
      render('/services?sort=best');
      await screen.findByText('3 of 47 services found');
      expect(sortOptions()).toEqual([
        'Newest First',
        'Name A-Z',
        'Price: Low to High',
        'Price: High to Low',
        'Provider Name',
      ]);
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest First');
      // best without a search means nothing: the API is asked for the default order.
      expect(calledUrls()).toContain('/api/services');
      expect(calledUrls().some((c) => c.includes('sort=best'))).toBe(false);
    });

    it('the other sorts still order the matches; choosing Best Match again leaves a clean URL', async () => {
      serveList({ filtered: list({ corrected: null, terms: ['phone'], place: null }) });
      const { router } = render('/services?search=phone');
      await screen.findByText('3 of 47 services found');
      const sort = screen.getByRole('combobox', { name: 'Sort by' });

      await userEvent.selectOptions(sort, 'Newest First');
      await waitFor(() => expect(router.state.location.search).toBe('?search=phone&sort=newest'));
      expect(calledUrls()).toContain('/api/services?search=phone&sort=newest');

      await userEvent.selectOptions(sort, 'Price: Low to High');
      await waitFor(() => expect(router.state.location.search).toBe('?search=phone&sort=price-low'));

      await userEvent.selectOptions(sort, 'Best Match');
      await waitFor(() => expect(router.state.location.search).toBe('?search=phone'));
    });

    it('clearing the search drops an explicit Newest (now the default) from the URL', async () => {
      serveList({ filtered: list({ corrected: null, terms: ['phone'], place: null }) });
      const { router } = render('/services?search=phone&sort=newest');
      await screen.findByText('3 of 47 services found');
      const box = screen.getByRole('searchbox', { name: 'Search services' });
      await userEvent.clear(box);
      await userEvent.type(box, '{Enter}');
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('says "Showing results for" (a polite live region, the corrected word emphasised) and counts the corrected matches', async () => {
      serveList({ filtered: list({ corrected: 'laptop', terms: ['laptop', 'laptops'], place: null }, 12) });
      render('/services?search=labtop');
      const line = await screen.findByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'Showing results for laptop',
      );
      expect(line).toHaveAttribute('aria-live', 'polite');
      expect(line.querySelector('em')).toHaveTextContent('laptop');
      expect(screen.getByText('12 of 47 services found')).toBeInTheDocument();
    });

    it('no correction line when the words were found as typed', async () => {
      serveList({ filtered: list({ corrected: null, terms: ['laptop'], place: null }) });
      render('/services?search=laptop');
      await screen.findByText('3 of 47 services found');
      expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    });
  });

  describe('the list window (the server pages through its first 1,000 results)', () => {
    const page = (n: number, total: number, totalCapped: boolean): ServiceList => ({
      services: [service({ _id: `p${n}` })],
      total,
      totalCapped,
      page: n,
      limit: 20,
      query: null,
    });
    const note = 'Only the first 1,000 services can be browsed. Search or choose an area to narrow the list.';

    it('a capped search count reads "1,000+ of 1,00,000 services found", without a percent', async () => {
      serveList({ filtered: page(1, 1000, true), all: 100_000 });
      render('/services?search=phone');
      expect(await screen.findByText('1,000+ of 1,00,000 services found')).toBeInTheDocument();
      expect(screen.queryByText(/% of all services/)).not.toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).getByText('Page 1 of 50')).toBeInTheDocument();
      expect(within(pager).getByRole('link', { name: 'Page 50' })).toHaveAttribute(
        'href',
        '/services?search=phone&page=50',
      );
      expect(screen.getByText(note)).toBeInTheDocument();
    });

    it('an exact total past the window: formatted counts, no page past 50, and the note', async () => {
      serveList({ filtered: page(1, 100_000, false), all: 100_000 });
      render('/services');
      expect(await screen.findByText('1,00,000 of 1,00,000 services found')).toBeInTheDocument();
      expect(screen.getByText('100% of all services')).toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).getByText('Page 1 of 50')).toBeInTheDocument();
      const numbers = within(pager)
        .getAllByRole('link', { name: /^Page \d+$/ })
        .map((a) => Number(a.textContent));
      expect(Math.max(...numbers)).toBe(50);
      expect(screen.getByText(note)).toBeInTheDocument();
    });

    it('a page in the URL past the window shows the last allowed page, not an error', async () => {
      serveList({ filtered: page(50, 100_000, false), all: 100_000 });
      render('/services?page=999');
      expect(await screen.findByText('Page 50 of 50')).toBeInTheDocument();
      expect(calledUrls()).toContain('/api/services?page=50');
      expect(calledUrls().some((c) => c.includes('page=999'))).toBe(false);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: 'Pages of services' });
      expect(within(pager).queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
      expect(within(pager).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/services?page=49');
    });

    it('a list within the window has no note', async () => {
      serveList({ filtered: page(1, 1000, false), all: 1000 });
      render('/services');
      expect(await screen.findByText('1,000 of 1,000 services found')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 50')).toBeInTheDocument();
      expect(screen.queryByText(note)).not.toBeInTheDocument();
    });
  });
});
