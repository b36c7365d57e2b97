import type { SearchUnderstanding, Service } from '@meramot/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { images } from '@/config/paths';
import { setLanguage } from '@/lib/i18n';
import { http, HttpResponse } from 'msw';
import { makeService } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { HeaderSearch } from './header-search';

const service = (over: Partial<Service>): Service =>
  makeService({
    _id: 'svc-1',
    serviceName: 'Mobile Phone Repair',
    serviceDescription: 'Screens and batteries.',
    servicePrice: 1500,
    serviceImage: '/images/services/phone.webp',
    providerImage: null,
    bookings: 0,
    rating: null,
    reviewCount: 0,
    ...over,
  });

/**
 * The mock API answers searches (GET /api/services?search=) with `results` and how it understood
 * the text (default: the typed words as terms, no correction); returns the searches' URLs (path and
 * query, as sent).
 */
function mockSearch(results: Service[], understood?: SearchUnderstanding) {
  const searches: string[] = [];
  server.use(
    http.get('/api/services', ({ request }) => {
      const url = new URL(request.url);
      searches.push(url.pathname + url.search);
      const search = url.searchParams.get('search') ?? '';
      const query = understood ?? { corrected: null, terms: search.toLowerCase().split(/\s+/).filter(Boolean) };
      return HttpResponse.json({
        services: results,
        total: results.length,
        totalCapped: false,
        page: 1,
        limit: 8,
        query,
      });
    }),
  );
  return searches;
}

function setup(label = 'Search services', url = '/') {
  const result = renderRoutes([{ path: '*', element: <HeaderSearch /> }], url);
  const input = screen.getByRole('combobox', { name: label });
  return { ...result, input };
}

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('HeaderSearch', () => {
  it('shows the spec placeholder and starts collapsed', () => {
    mockSearch([]);
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'Search services...');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a GET form to All Services with the text as `search` (it works without JavaScript)', () => {
    mockSearch([]);
    const { input } = setup();
    const form = screen.getByRole('search', { name: 'Search services' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/services');
    expect(input).toHaveAttribute('name', 'search');
    fireEvent.input(input, { target: { value: 'ac repair' } });
    expect(
      new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as Record<string, string>).toString(),
    ).toBe('search=ac+repair');
  });

  it('on a Bangla page the form goes to the Bangla All Services (/bn/services)', async () => {
    await act(() => setLanguage('bn'));
    mockSearch([]);
    const { input } = setup('সার্ভিস খুঁজুন', '/bn/services');
    const form = screen.getByRole('search', { name: 'সার্ভিস খুঁজুন' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bn/services');
    expect(input).toHaveAttribute('name', 'search');
  });

  it('with JavaScript, Enter on a Bangla page opens /bn/services?search= in the app', async () => {
    await act(() => setLanguage('bn'));
    mockSearch([]);
    const { input, router } = setup('সার্ভিস খুঁজুন', '/bn');
    await userEvent.type(input, 'ফ্রিজ');
    await screen.findByRole('status');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bn/services'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('ফ্রিজ');
  });

  it('with JavaScript, Enter on empty text stays on the page', async () => {
    mockSearch([]);
    const { input, router } = setup();
    await userEvent.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
  });

  it('controls a hidden panel before the box is first used (the results panel loads on focus)', () => {
    mockSearch([]);
    const { input } = setup();
    const panel = document.getElementById(input.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(panel).toHaveAttribute('hidden');
  });

  it('debounces: no request before 300 ms, then exactly one for the last text', async () => {
    vi.useFakeTimers();
    const searches = mockSearch([service({})]);
    const { input } = setup();
    for (const value of ['p', 'ph', 'pho', 'phon', 'phone ']) {
      fireEvent.input(input, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(50));
    }
    await act(() => vi.advanceTimersByTimeAsync(240));
    expect(searches).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toBe('/api/services?search=phone&limit=8');
  });

  it('makes no request for whitespace-only text', async () => {
    vi.useFakeTimers();
    const searches = mockSearch([]);
    const { input } = setup();
    fireEvent.input(input, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says Searching... and then how many results match the text', async () => {
    mockSearch([service({ _id: 'a' }), service({ _id: 'b' })]);
    const { input } = setup();
    await userEvent.type(input, 'phone');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // The results panel is its own chunk, loaded when the box first gets focus.
    expect(await screen.findByRole('status')).toHaveTextContent('Searching...');
    expect(await screen.findByText('2 results for "phone"')).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('uses the singular for one result and encodes the text in the request', async () => {
    const searches = mockSearch([service({})]);
    const { input } = setup();
    await userEvent.type(input, 'ac/tv');
    expect(await screen.findByText('1 result for "ac/tv"')).toBeInTheDocument();
    expect(searches[0]).toBe('/api/services?search=ac%2Ftv&limit=8');
  });

  it('shows a match: image, highlighted name, 60-character description, provider, area and taka price', async () => {
    const long = 'Cracked phone screens replaced with genuine parts while you wait in Mirpur.';
    mockSearch([service({ serviceDescription: long })]);
    const { input } = setup();
    await userEvent.type(input, 'PHONE');
    const option = await screen.findByRole('option');
    expect(option).toHaveAttribute('href', '/services/svc-1/mobile-phone-repair');
    expect(option).toHaveTextContent(`${long.slice(0, 60)}...`);
    expect(option).not.toHaveTextContent(long);
    expect(option).toHaveTextContent('Rahim Uddin');
    expect(option).toHaveTextContent('Dhaka');
    expect(option).toHaveTextContent('৳1,500');
    const marks = option.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['Phone', 'phone']);
  });

  it('keeps short descriptions whole and renders provider text as text, never HTML', async () => {
    mockSearch([service({ serviceName: '<img src=x onerror=alert(1)> phone', serviceDescription: 'Short text.' })]);
    const { input } = setup();
    await userEvent.type(input, 'phone');
    const option = await screen.findByRole('option');
    expect(option).toHaveTextContent('Short text.');
    expect(option).not.toHaveTextContent('Short text....');
    expect(option).toHaveTextContent('<img src=x onerror=alert(1)> phone');
    expect(option.querySelectorAll('img')).toHaveLength(1);
  });

  it('falls back to the stock image when the image is missing or broken', async () => {
    mockSearch([service({ _id: 'a' }), service({ _id: 'b', serviceImage: '' })]);
    const { input } = setup();
    await userEvent.type(input, 'phone');
    const [first, second] = await screen.findAllByRole('option');
    const img = first!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/services/phone.webp');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(images.servicePlaceholder);
    expect(second!.querySelector('img')!.getAttribute('src')).toBe(images.servicePlaceholder);
  });

  it('links to all results and tells how to search all services', async () => {
    mockSearch([service({})]);
    const { input } = setup();
    await userEvent.type(input, 'phone repair');
    await screen.findByRole('option');
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute(
      'href',
      '/services?search=phone%20repair',
    );
    expect(screen.getByRole('link', { name: 'View all results' })).toHaveAttribute(
      'href',
      '/services?search=phone%20repair',
    );
    expect(screen.getByText('Press Enter to search all services')).toBeInTheDocument();
  });

  it('Enter opens /services?search={text} and closes the dropdown', async () => {
    mockSearch([service({})]);
    const { input, router } = setup();
    await userEvent.type(input, '  phone ');
    await screen.findByRole('option');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/services');
    expect(router.state.location.search).toBe('?search=phone');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowDown/ArrowUp move through the matches and Enter opens the active one', async () => {
    mockSearch([service({ _id: 'a' }), service({ _id: 'b' })]);
    const { input, router } = setup();
    await userEvent.type(input, 'phone');
    const options = await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/services/b/mobile-phone-repair');
  });

  it('Escape and a click outside close the dropdown', async () => {
    mockSearch([service({})]);
    const { input } = setup();
    await userEvent.type(input, 'phone');
    await screen.findByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await userEvent.type(input, 's');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(document.body);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the empty state with a way to browse all services', async () => {
    mockSearch([]);
    const { input } = setup();
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No services found')).toBeInTheDocument();
    expect(screen.getByText('Try searching with different keywords or browse all services')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Services' })).toHaveAttribute('href', '/services');
    expect(screen.getByText('0 results for "zzz"')).toBeInTheDocument();
    expect(screen.queryByText('Press Enter to search all services')).not.toBeInTheDocument();
  });

  it('the clear button empties the box and closes the dropdown', async () => {
    mockSearch([service({})]);
    const { input } = setup();
    await userEvent.type(input, 'phone');
    await screen.findByRole('option');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('shows a spinner while searching', async () => {
    let release!: () => void;
    server.use(
      http.get(
        '/api/services',
        () =>
          new Promise<Response>(
            (resolve) =>
              (release = () =>
                resolve(
                  HttpResponse.json({ services: [], total: 0, totalCapped: false, page: 1, limit: 8, query: null }),
                )),
          ),
      ),
    );
    const { input } = setup();
    await userEvent.type(input, 'tv');
    const form = screen.getByRole('search');
    expect(within(form).getByRole('img', { name: 'Searching...' })).toBeInTheDocument();
    await waitFor(() => expect(release).toBeTypeOf('function'));
    act(() => release());
    await waitFor(() => expect(within(form).queryByRole('img', { name: 'Searching...' })).not.toBeInTheDocument());
  });
  it('asks the server from the second letter: one letter says to keep typing, two letters search', async () => {
    vi.useFakeTimers();
    const searches = mockSearch([service({})]);
    const { input } = setup();
    fireEvent.input(input, { target: { value: 'p' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Keep typing: matches appear from the second letter');
    expect(screen.queryByText('No services found')).not.toBeInTheDocument();
    fireEvent.input(input, { target: { value: 'ph' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches).toEqual(['/api/services?search=ph&limit=8']);
  });

  it('lists the matches in the order the server ranks them (best match first)', async () => {
    mockSearch([
      service({ _id: 'best', serviceName: 'Laptop Repair Dhaka' }),
      service({ _id: 'next', serviceName: 'Laptop Screen' }),
    ]);
    const { input } = setup();
    await userEvent.type(input, 'laptop dhaka');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.getAttribute('href'))).toEqual([
      '/services/best/laptop-repair-dhaka',
      '/services/next/laptop-screen',
    ]);
  });

  it("highlights the server's terms: a synonym (fridge marks Refrigerator) in the name and the other fields", async () => {
    mockSearch(
      [
        service({
          serviceName: 'Refrigerator Repair at Home',
          serviceDescription: 'Fridge gas refill and compressor work.',
          serviceArea: 'Dhaka',
        }),
      ],
      { corrected: null, terms: ['fridge', 'fridges', 'refrigerator', 'refrigerators'], place: null },
    );
    const { input } = setup();
    await userEvent.type(input, 'fridge');
    const option = await screen.findByRole('option');
    expect([...option.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Refrigerator', 'Fridge']);
  });

  it('highlights in Bangla: মোবাইল marks Mobile and মোবাইল', async () => {
    mockSearch(
      [service({ serviceName: 'Mobile Phone Repair', serviceDescription: 'মোবাইল ফোন সার্ভিসিং in Mirpur.' })],
      { corrected: null, terms: ['মোবাইল', 'mobile', 'phone'], place: null },
    );
    const { input } = setup();
    await userEvent.type(input, 'মোবাইল');
    const option = await screen.findByRole('option');
    expect([...option.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Mobile', 'Phone', 'মোবাইল']);
  });

  it('reads regex characters in the text literally and never as HTML', async () => {
    mockSearch([service({ serviceName: 'C++ (100%) <b>Repair</b>', serviceDescription: 'Any .* text.' })], {
      corrected: null,
      terms: ['c++', '(100%)', '<b>repair</b>'],
      place: null,
    });
    const { input } = setup();
    await userEvent.type(input, 'c++ (100%)');
    const option = await screen.findByRole('option');
    expect([...option.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['C++', '(100%)', '<b>Repair</b>']);
    expect(option.querySelector('b')).toBeNull();
  });

  it('says "Showing results for" with the corrected word emphasised when the server corrected the text', async () => {
    mockSearch([service({ serviceName: 'Laptop Repair' })], {
      corrected: 'laptop dhaka',
      terms: ['laptop', 'dhaka'],
      place: null,
    });
    const { input } = setup();
    await userEvent.type(input, 'labtop dhaka');
    const line = await screen.findByText(
      (_, el) => el?.tagName === 'P' && el.textContent === 'Showing results for laptop dhaka',
    );
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect([...line.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['laptop']);
    expect([...screen.getByRole('option').querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Laptop',
      'Dhaka',
    ]);
  });

  it('names the division in Bangla in Bangla mode (ঢাকা, চট্টগ্রাম), never the stored English name', async () => {
    await setLanguage('bn');
    mockSearch([service({ _id: 'a', serviceArea: 'Dhaka' }), service({ _id: 'b', serviceArea: 'Chittagong' })], {
      corrected: null,
      terms: ['ঢাকা', 'dhaka'],
      place: null,
    });
    const { input } = setup('সার্ভিস খুঁজুন');
    await userEvent.type(input, 'ঢাকা');
    const [dhaka, chattogram] = await screen.findAllByRole('option');
    expect(dhaka).toHaveTextContent('ঢাকা');
    expect(dhaka).not.toHaveTextContent('Dhaka');
    expect(chattogram).toHaveTextContent('চট্টগ্রাম');
    expect(chattogram).not.toHaveTextContent('Chittagong');
    // The server's Bangla term still marks the translated name.
    expect([...dhaka!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['ঢাকা']);
  });
});
