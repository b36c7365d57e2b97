import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { calls, callsTo } from '@/testing/server';
import { LinkSettingsPage } from './link-settings-page';

const alerts = vi.hoisted(() => ({ toast: vi.fn(async () => ({})) }));
vi.mock('@/lib/alerts', () => alerts);
afterEach(() => vi.clearAllMocks());

const renderPage = (token: string) => {
  const view = renderRoutes([{ path: '*', element: <LinkSettingsPage token={token} /> }]);
  return { ...view, user: userEvent.setup() };
};

describe('LinkSettingsPage', () => {
  it('loads and saves the switches with the token, without signing in', async () => {
    const { user } = renderPage('link-token');
    expect(screen.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Reviews: E-mail' }));
    // No number can be verified here: the SMS switches point to Profile Settings.
    expect(screen.getByRole('checkbox', { name: 'Status changes: SMS' })).toHaveAccessibleDescription(
      /in Profile Settings/,
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo('/api/notification-settings/link', 'PUT')).toHaveLength(1));
    const put = callsTo('/api/notification-settings/link', 'PUT')[0]!;
    expect(put.search).toBe('?token=link-token');
    expect(put.headers.get('authorization')).toBeNull();
    expect((put.body as { settings: { reviews: unknown } }).settings.reviews).toEqual({
      inApp: true,
      email: false,
      sms: false,
    });
    await waitFor(() => expect(alerts.toast).toHaveBeenCalled());
  });

  it('an expired or invalid token says so and leads to Profile Settings', async () => {
    renderPage('stale-token');
    expect(await screen.findByRole('heading', { name: 'This link has expired', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in and open Profile Settings' })).toHaveAttribute(
      'href',
      '/profile-settings',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a link without a token asks nothing of the server', () => {
    renderPage('');
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
