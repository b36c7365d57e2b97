import { act, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes } from '@/testing/render';
import { routes, type PublicPageHandle } from '../router';
import PrivacyRoute from './privacy';
import SupportRoute from './support';
import TermsRoute from './terms';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const pages = [
  ['/privacy', PrivacyRoute, 'Privacy', 'গোপনীয়তা'],
  ['/terms', TermsRoute, 'Terms', 'শর্তাবলি'],
  ['/support', SupportRoute, 'Support', 'সহায়তা'],
] as const;

const open = (path: string, Page: () => React.JSX.Element) => renderRoutes([{ path, element: <Page /> }], path);

describe('the information pages', () => {
  it('are routes of the app, each a lazy chunk behind Suspense (not in the home page bundle)', () => {
    const children = routes[0]!.children!;
    for (const [path] of pages) {
      const route = children.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      // lazyPage(() => import(...)): a Suspense boundary around the page, whose code the handle preloads.
      const element = route!.element as React.ReactElement<{ children: React.ReactElement }>;
      expect(element.type).toBe(Suspense);
      expect((route!.handle as PublicPageHandle).preload).toBeTypeOf('function');
    }
  });

  it.each(pages)('%s has its heading, title and the support e-mail as a mailto link', async (path, Page, title) => {
    open(path, Page);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Meramot`));
    expect(screen.getByRole('link', { name: 'support@meramot.example' })).toHaveAttribute(
      'href',
      'mailto:support@meramot.example',
    );
  });

  it('Privacy says what is kept (phone only when given), that payments are not handled, and who sees what', async () => {
    open('/privacy', PrivacyRoute);
    const kept = within(await screen.findByRole('region', { name: 'What we keep' }));
    expect(kept.getByText(/Your name, your e-mail address/)).toBeInTheDocument();
    expect(kept.getByText('Your phone number, only when you give it.')).toBeInTheDocument();
    expect(kept.getByText(/bookings you make and receive/)).toBeInTheDocument();
    expect(kept.getByText(/messages you exchange on a booking, the notifications/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who sees what' })).toBeInTheDocument();
    expect(screen.getByText(/We do not handle payments/)).toBeInTheDocument();
  });

  it('Support tells how to write, what to include, and links where to help oneself', async () => {
    open('/support', SupportRoute);
    const write = within(await screen.findByRole('region', { name: 'E-mail us' }));
    expect(write.getByText(/Never send your password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Booked Services' })).toHaveAttribute('href', '/booked-services');
    expect(screen.getByRole('link', { name: 'Service To-Do' })).toHaveAttribute('href', '/service-todo');
    expect(screen.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile-settings');
    expect(screen.getByText(/does not handle payments/)).toBeInTheDocument();
  });

  it.each(pages)(
    '%s reads in Bangla, with no English left but the e-mail and brand names',
    async (path, Page, _title, bangla) => {
      open(path, Page);
      await screen.findByRole('heading', { level: 1 });
      await act(() => setLanguage('bn'));
      const heading = await screen.findByRole('heading', { level: 1, name: bangla });
      const text = heading.closest('article')!.textContent!;
      expect(text.replaceAll('support@meramot.example', '').replaceAll('Google', '')).not.toMatch(/[A-Za-z]/);
      await waitFor(() => expect(document.title).toBe(`${bangla} | মেরামত`));
    },
  );
});
