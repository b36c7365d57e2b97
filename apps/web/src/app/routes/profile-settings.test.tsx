import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/components/layout/user-menu';
import { useAuth } from '@/lib/auth/auth-context';
import { signIn } from '@/testing/api-state';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import ProfileSettingsRoute from './profile-settings';

vi.mock('@/lib/alerts');

const me = makeUser({
  id: 'u1',
  uid: 'uid-1',
  email: 'karim@example.com',
  displayName: 'Karim Hossain',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

/** The avatar menu (as the header shows it once signed in) above the page. */
function Shell({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      {user && <UserMenu user={user} />}
      {children}
    </>
  );
}

describe('Preferences in the avatar menu', () => {
  it('opens Profile Settings at the notification settings, with the focus there', async () => {
    signIn(me, 'token-1');
    const { router } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <Shell>
              <h1>Home page</h1>
            </Shell>
          ),
        },
        {
          path: '/profile-settings',
          element: (
            <Shell>
              <ProfileSettingsRoute />
            </Shell>
          ),
        },
      ],
      '/',
    );
    const avatar = await screen.findByRole('button', { name: 'Account menu for Karim Hossain' });
    await userEvent.click(avatar);
    const panel = document.getElementById(avatar.getAttribute('aria-controls')!)!;
    const preferences = within(panel).getByRole('link', { name: 'Preferences' });
    expect(preferences).toHaveAttribute('href', '/profile-settings#notifications');

    await userEvent.click(preferences);
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.pathname).toBe('/profile-settings');
    expect(router.state.location.hash).toBe('#notifications');
    const settings = await screen.findByRole('group', { name: 'Notifications' });
    await waitFor(() => expect(settings).toHaveFocus());
    expect(within(settings).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps the focus where it is when Profile Settings is opened without the anchor', async () => {
    signIn(me, 'token-1');
    renderRoutes([{ path: '/profile-settings', element: <ProfileSettingsRoute /> }], '/profile-settings');
    await screen.findByRole('heading', { name: 'Profile Settings', level: 1 });
    expect(screen.getByRole('group', { name: 'Notifications' })).not.toHaveFocus();
  });
});
