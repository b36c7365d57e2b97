import type { User } from '@meramot/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { images } from '@/config/paths';
import { http, delay } from 'msw';
import { signIn } from '@/testing/api-state';
import { renderRoutes } from '@/testing/render';
import { calls, callsTo, server } from '@/testing/server';
import { Outlet } from 'react-router';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { Header } from './header';
import { makeUser } from '@/testing/fixtures';

const firebase = vi.hoisted(() => ({ signOut: vi.fn(async () => undefined) }));
vi.mock('@/lib/firebase', () => ({
  getFirebaseAuth: async () => ({}),
  firebaseAuthModule: async () => ({ signOut: firebase.signOut }),
}));
const alerts = vi.hoisted(() => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('@/lib/alerts', () => alerts);

const user = (over: Partial<User> = {}): User =>
  makeUser({
    id: 'u1',
    uid: 'uid-1',
    email: 'karim@example.com',
    displayName: 'Karim Hossain',
    photoURL: 'https://example.com/karim.png',
    phone: null,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...over,
  });

/** Signed in: a stored token that the mock API's verify call accepts; returns the calls. */
function signedIn(u: User) {
  signIn(u, 'token-1');
  return calls;
}

const renderHeader = (url = '/') => renderRoutes([{ path: '*', element: <Header /> }], url);

beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.classList.remove('dark');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('Header', () => {
  it('logged out: brand, Home, Services, Login and Get Started; no Dashboard', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Meramot' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('while the stored token is verified shows a skeleton, neither Login nor the avatar', () => {
    window.localStorage.setItem('meramot-token', 'token-1');
    server.use(http.get('/api/auth/verify', () => delay('infinite')));
    renderHeader();
    expect(screen.getByTestId('auth-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('logged in: the Dashboard dropdown lists the four dashboard pages (one home per bookings list) and closes after choosing', async () => {
    signedIn(user());
    const { router } = renderHeader();
    const dashboard = await screen.findByRole('button', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(dashboard).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(dashboard);
    expect(dashboard).toHaveAttribute('aria-expanded', 'true');
    const expected = [
      ['Add Service', '/add-service'],
      ['Manage Services', '/manage-services'],
      ['Booked Services', '/booked-services'],
      ['Service To-Do', '/service-todo'],
    ];
    const list = document.getElementById(dashboard.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(expected);
    await userEvent.click(within(list).getByRole('link', { name: 'Manage Services' }));
    expect(router.state.location.pathname).toBe('/manage-services');
    expect(dashboard).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes a menu and returns focus to its button', async () => {
    signedIn(user());
    renderHeader();
    const dashboard = await screen.findByRole('button', { name: 'Dashboard' });
    await userEvent.click(dashboard);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Add Service' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(dashboard).toHaveAttribute('aria-expanded', 'false');
    expect(dashboard).toHaveFocus();
  });

  it('the avatar menu shows name, e-mail, Profile Settings, Preferences and Logout', async () => {
    signedIn(user());
    renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for Karim Hossain' });
    await userEvent.click(avatar);
    const panel = document.getElementById(avatar.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Karim Hossain')).toBeVisible();
    expect(within(panel).getByText('karim@example.com')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile-settings');
    const preferences = within(panel).getByRole('link', { name: 'Preferences' });
    expect(preferences).toHaveAttribute('href', '/profile-settings#notifications');
    await userEvent.click(preferences);
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });

  it('falls back to the e-mail local part for the name, and to the default avatar', async () => {
    signedIn(user({ displayName: null, photoURL: null }));
    renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for karim' });
    expect(avatar.querySelector('img')).toHaveAttribute('src', images.defaultAvatar);
    await userEvent.click(avatar);
    expect(screen.getByText('karim')).toBeVisible();
  });

  it('uses the default avatar when the photo fails to load', async () => {
    signedIn(user());
    renderHeader();
    const img = (await screen.findByRole('button', { name: /Account menu/ })).querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://example.com/karim.png');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', images.defaultAvatar);
  });

  it('a stored token the server rejects shows the logged-out header', async () => {
    window.localStorage.setItem('meramot-token', 'stale');
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('meramot-token')).toBeNull();
  });

  it('Logout from a protected page revokes the session, shows the Logged Out toast for 2000 ms and goes home', async () => {
    signedIn(user());
    const { router } = renderRoutes(
      [
        {
          element: (
            <>
              <Header />
              <Outlet />
            </>
          ),
          children: [
            { path: '/', element: <p>Home page</p> },
            { path: '/login', element: <p>Login page</p> },
            {
              path: '/bookings',
              element: (
                <ProtectedRoute>
                  <p>Bookings page</p>
                </ProtectedRoute>
              ),
            },
          ],
        },
      ],
      '/bookings',
    );
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Logged Out', 'You have been successfully logged out.', 2000),
    );
    expect(callsTo('/api/auth/logout', 'POST')).toHaveLength(1);
    expect(firebase.signOut).toHaveBeenCalled();
    expect(window.localStorage.getItem('meramot-token')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('a failed logout shows the Logout Failed dialog and no toast', async () => {
    firebase.signOut.mockRejectedValueOnce(new Error('network'));
    signedIn(user());
    const { router } = renderHeader('/bookings');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith('Logout Failed', 'Unable to logout. Please try again.'),
    );
    expect(alerts.toast).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the theme toggle switches data-theme and the dark class and stores the theme', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the stored theme', () => {
    window.localStorage.setItem('theme', 'dark');
    renderHeader();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
