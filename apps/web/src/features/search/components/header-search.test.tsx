import type { Service } from '@meramot/shared';
import { act, fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { images } from '../../../config/paths';
import { renderRoutes } from '../../../testing/render';
import { HeaderSearch } from './header-search';

// The shared CI box is often heavily loaded: give slow renders room instead of flaking.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const service = (over: Partial<Service>): Service => ({
  _id: 'svc-1',
  serviceName: 'Mobile Phone Repair',
  serviceDescription: 'Screens and batteries.',
  servicePrice: 1500,
  serviceArea: 'Dhaka',
  serviceImage: '/images/services/phone.webp',
  providerName: 'Rahim Uddin',
  providerEmail: 'rahim@meramot.test',
  providerImage: null,
  providerVerified: true,
  status: 'active',
  bookings: 0,
  rating: null,
  reviewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function mockSearch(results: Service[] | ((url: string) => Service[])) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const body = typeof results === 'function' ? results(url) : results;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

function setup() {
  const result = renderRoutes([{ path: '*', element: <HeaderSearch /> }], '/');
  const input = screen.getByRole('combobox', { name: 'Search services' });
  return { ...result, input };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('HeaderSearch', () => {
  it('shows the spec placeholder and starts collapsed', () => {
    mockSearch([]);
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'Search services...');
    expect(input).toHaveAttribute('aria-expanded', 'false');
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
    const fetchSpy = mockSearch([service({})]);
    const { input } = setup();
    for (const value of ['p', 'ph', 'pho', 'phon', 'phone ']) {
      fireEvent.change(input, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(50));
    }
    await act(() => vi.advanceTimersByTimeAsync(240));
    expect(fetchSpy).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(20));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/search/phone?limit=8');
  });

  it('makes no request for whitespace-only text', async () => {
    vi.useFakeTimers();
    const fetchSpy = mockSearch([]);
    const { input } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchSpy).not.toHaveBeenCalled();
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
    const fetchSpy = mockSearch([service({})]);
    const { input } = setup();
    await userEvent.type(input, 'ac/tv');
    expect(await screen.findByText('1 result for "ac/tv"')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/search/ac%2Ftv?limit=8');
  });

  it('shows a match: image, highlighted name, 60-character description, provider, area and taka price', async () => {
    const long = 'Cracked phone screens replaced with genuine parts while you wait in Mirpur.';
    mockSearch([service({ serviceDescription: long })]);
    const { input } = setup();
    await userEvent.type(input, 'PHONE');
    const option = await screen.findByRole('option');
    expect(option).toHaveAttribute('href', '/services/svc-1');
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
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute('href', '/services?search=phone%20repair');
    expect(screen.getByRole('link', { name: 'View all results' })).toHaveAttribute('href', '/services?search=phone%20repair');
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
    expect(router.state.location.pathname).toBe('/services/b');
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
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
        }),
    );
    const { input } = setup();
    await userEvent.type(input, 'tv');
    const form = screen.getByRole('search');
    expect(within(form).getByRole('img', { name: 'Searching...' })).toBeInTheDocument();
    await waitFor(() => expect(release).toBeTypeOf('function'));
    act(() => release());
    await waitFor(() => expect(within(form).queryByRole('img', { name: 'Searching...' })).not.toBeInTheDocument());
  });
});
