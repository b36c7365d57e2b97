import type { User } from '@meramot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { MobileMenu } from './mobile-menu';

const user: User = {
  id: 'u1',
  uid: 'uid-1',
  email: 'karim@example.com',
  displayName: 'Karim',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

const render = (u: User | null, loading = false) =>
  renderRoutes([{ path: '*', element: <MobileMenu user={u} loading={loading} /> }], '/');

describe('MobileMenu', () => {
  it('opens with aria-expanded, moves focus in, and Escape closes it returning focus', async () => {
    const { router } = render(null);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    const nav = screen.getByRole('navigation', { name: 'Site menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Services' }));
    expect(router.state.location.pathname).toBe('/services');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logged in: holds the dashboard pages, Profile Settings and Logout', async () => {
    render(user);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Site menu' });
    // The signed-in links come in their own chunk (loaded on demand).
    expect(await within(nav).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Add Service', '/add-service'],
      ['Manage Services', '/manage-services'],
      ['Booked Services', '/booked-services'],
      ['Service To-Do', '/service-todo'],
      ['Profile Settings', '/profile-settings'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // One home per bookings list: the spec's My Bookings (/bookings, the same lists again) is not listed.
    expect(within(nav).queryByRole('link', { name: 'My Bookings' })).toBeNull();
    expect(nav.querySelector('a[href="/bookings"]')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('while auth loads shows only Home and Services', async () => {
    render(null, true);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Site menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Services']);
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });
});
