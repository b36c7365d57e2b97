import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderProfile } from '@meramot/shared';
import { setLanguage } from '@/lib/i18n';
import { localizePath, pathLanguage } from '@/lib/page-language';
import { apiState } from '@/testing/api-state';
import { makeService } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { routes } from './router';

vi.mock('@/lib/firebase');
vi.mock('@/lib/alerts');

const ID = '3f259eb3-3549-4ff5-ace4-adef38ac3e61';
const SERVICE = makeService({ _id: ID, providerId: 'p-rahim' });
const SLUG = 'smartphone-screen-replacement';
const RAHIM: ProviderProfile = {
  id: 'p-rahim',
  displayName: 'Rahim Uddin',
  photoURL: null,
  areas: ['Dhaka'],
  memberSince: '2026-03-05T08:00:00.000Z',
  emailVerified: true,
  rating: 4.5,
  reviewCount: 2,
  serviceCount: 1,
};

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  apiState.services = [SERVICE];
  apiState.providers = [RAHIM];
});

afterEach(async () => {
  await act(() => setLanguage('en'));
  document.documentElement.lang = 'en';
});

/** The document head's alternate and canonical links, as `rel hreflang href` lines. */
function headLinks() {
  return [...document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"]')].map((l) =>
    [l.getAttribute('rel'), l.getAttribute('hreflang'), l.getAttribute('href')].filter(Boolean).join(' '),
  );
}

const origin = window.location.origin;

describe('public page addresses', () => {
  it('names the language of public pages only', () => {
    expect(pathLanguage('/')).toBe('en');
    expect(pathLanguage('/services')).toBe('en');
    expect(pathLanguage(`/services/${ID}/${SLUG}`)).toBe('en');
    expect(pathLanguage('/providers/p-rahim')).toBe('en');
    expect(pathLanguage('/privacy')).toBe('en');
    expect(pathLanguage('/bn')).toBe('bn');
    expect(pathLanguage('/bn/services')).toBe('bn');
    expect(pathLanguage('/booked-services')).toBeNull();
    expect(pathLanguage('/login')).toBeNull();
    expect(pathLanguage('/bnx')).toBeNull();
  });

  it('moves a public path between languages and leaves the others alone', () => {
    expect(localizePath('/', 'bn')).toBe('/bn');
    expect(localizePath('/bn', 'en')).toBe('/');
    expect(localizePath('/services?search=fridge&page=2', 'bn')).toBe('/bn/services?search=fridge&page=2');
    expect(localizePath(`/bn/services/${ID}/${SLUG}#reviews`, 'en')).toBe(`/services/${ID}/${SLUG}#reviews`);
    expect(localizePath('/providers/p-rahim', 'bn')).toBe('/bn/providers/p-rahim');
    expect(localizePath('/bn/providers/p-rahim', 'bn')).toBe('/bn/providers/p-rahim');
    expect(localizePath('/terms', 'bn')).toBe('/bn/terms');
    expect(localizePath('/booked-services', 'bn')).toBe('/booked-services');
    expect(localizePath('/login', 'bn')).toBe('/login');
  });
});

describe('a service page at its Bangla address', () => {
  it('shows Bangla with Bengali digits, links in Bangla and names both addresses in the head', async () => {
    const { router } = renderRoutes(routes, `/bn/services/${ID}/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
    const crumbs = await screen.findByRole('navigation', { name: 'পথ' });
    expect(within(crumbs).getByRole('link', { name: 'হোম' })).toHaveAttribute('href', '/bn');
    expect(within(crumbs).getByRole('link', { name: 'সার্ভিস' })).toHaveAttribute('href', '/bn/services');
    const provider = screen.getByRole('region', { name: 'প্রোভাইডারের তথ্য' });
    expect(within(provider).getByRole('link', { name: 'Rahim Uddin' })).toHaveAttribute(
      'href',
      '/bn/providers/p-rahim',
    );
    expect(screen.getByText(/^৳[০-৯,]+$/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(router.state.location.pathname).toBe(`/bn/services/${ID}/${SLUG}`);

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'সব সার্ভিস' })).toHaveAttribute('href', '/bn/services');
    expect(within(footer).getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/login');

    await waitFor(() =>
      expect(headLinks()).toEqual([
        `canonical ${origin}/bn/services/${ID}/${SLUG}`,
        `alternate en ${origin}/services/${ID}/${SLUG}`,
        `alternate bn ${origin}/bn/services/${ID}/${SLUG}`,
        `alternate x-default ${origin}/services/${ID}/${SLUG}`,
      ]),
    );
  });

  it('replaces an address without a slug by the canonical one, keeping /bn', async () => {
    const { router } = renderRoutes(routes, `/bn/services/${ID}?ref=share`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bn/services/${ID}/${SLUG}`));
    expect(router.state.location.search).toBe('?ref=share');
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName })).toBeInTheDocument();
  });

  it('the switch moves to the English address of the same page, and remembers English', async () => {
    const { router } = renderRoutes(routes, `/bn/services/${ID}/${SLUG}#reviews`);
    await screen.findByRole('heading', { level: 1, name: SERVICE.serviceName });
    const [select] = screen.getAllByRole('combobox', { name: 'ভাষা' });
    await userEvent.selectOptions(select!, 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/services/${ID}/${SLUG}`));
    expect(router.state.location.hash).toBe('#reviews');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('meramot-language')).toBe('en');
    await waitFor(() => expect(headLinks()[0]).toBe(`canonical ${origin}/services/${ID}/${SLUG}`));
  });
});

describe('the other public pages in Bangla', () => {
  it('All Services at /bn/services keeps its query; the switch keeps it too', async () => {
    const { router } = renderRoutes(routes, '/bn/services?area=Dhaka');
    expect(await screen.findByRole('heading', { level: 1, name: 'সব সার্ভিস' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: new RegExp(SERVICE.serviceName) });
    expect(card).toHaveAttribute('href', `/bn/services/${ID}/${SLUG}`);
    await waitFor(() =>
      expect(headLinks()).toEqual([
        `canonical ${origin}/bn/services?area=Dhaka`,
        `alternate en ${origin}/services?area=Dhaka`,
        `alternate bn ${origin}/bn/services?area=Dhaka`,
        `alternate x-default ${origin}/services?area=Dhaka`,
      ]),
    );
    const [select] = screen.getAllByRole('combobox', { name: 'ভাষা' });
    await userEvent.selectOptions(select!, 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(router.state.location.search).toBe('?area=Dhaka');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Services' })).toBeInTheDocument();
  });

  it('a provider page at /bn/providers/{id} is in Bangla, its service cards link to Bangla addresses', async () => {
    renderRoutes(routes, '/bn/providers/p-rahim');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rahim Uddin' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: new RegExp(SERVICE.serviceName) });
    expect(card).toHaveAttribute('href', `/bn/services/${ID}/${SLUG}`);
    expect(document.documentElement.lang).toBe('bn');
    await waitFor(() => expect(headLinks()).toContain(`alternate en ${origin}/providers/p-rahim`));
  });

  it('/bn/privacy is the Privacy page in Bangla', async () => {
    renderRoutes(routes, '/bn/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'গোপনীয়তা' })).toBeInTheDocument();
    await waitFor(() => expect(headLinks()).toContain(`canonical ${origin}/bn/privacy`));
  });
});

describe('English addresses and signed-in screens', () => {
  it('an English address shows English even when Bangla is the stored choice', async () => {
    window.localStorage.setItem('meramot-language', 'bn');
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Services' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(headLinks()).toContain(`alternate bn ${origin}/bn/services`));
  });

  it('a screen with one address follows the stored choice, and has no alternates', async () => {
    window.localStorage.setItem('meramot-language', 'en');
    const { router } = renderRoutes(routes, '/bn/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'সব সার্ভিস' })).toBeInTheDocument();
    await waitFor(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(headLinks()).toEqual([]));
  });
});
