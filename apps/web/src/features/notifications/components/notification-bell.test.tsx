import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import { dispatchLive, liveStatus } from '@/lib/live-events';
import { bookingKeys } from '@/lib/query-keys';
import notificationsTranslations from '@/locales/en/notifications.json';
import { apiState } from '@/testing/api-state';
import { makeNotification } from '@/testing/handlers/notifications';
import { renderRoutes } from '@/testing/render';
import { calls, callsTo } from '@/testing/server';
import { seedNotifications } from '../testing';
import { NotificationBell } from './notification-bell';
import { NotificationsLive } from './notifications-live';

addTranslations('notifications', notificationsTranslations, () => import('@/locales/bn/notifications.json'));

afterEach(async () => {
  await setLanguage('en');
});

function renderBell() {
  const view = renderRoutes([
    {
      path: '*',
      element: (
        <>
          <NotificationBell />
          <NotificationsLive />
          <button type="button">After</button>
        </>
      ),
    },
  ]);
  return { ...view, user: userEvent.setup() };
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notifications'));

describe('NotificationBell', () => {
  it('shows the unread count in its name and badge, and the newest 8 in its panel', async () => {
    seedNotifications({ unread: 3, read: 7 });
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    const links = await within(panel).findAllByRole('link', { name: /booked/ });
    expect(links).toHaveLength(8);
    // Newest first; the unread ones say so to screen readers and carry a dot.
    expect(links[0]).toHaveAccessibleName('Unread: Ayesha Siddiqua booked Unread 3 for 5 Mar 2026 2 hours ago');
    expect(links[0]).toHaveAttribute('href', apiState.notifications.at(-1)!.link);
    expect(links[3]).toHaveAccessibleName(/^Ayesha Siddiqua booked Read 7 for 5 Mar 2026/);
    expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(3);
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('closes on Escape with focus back on the bell; Tab goes from the panel to its controls', async () => {
    seedNotifications({ unread: 1 });
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    await screen.findByRole('link', { name: /Unread 1/ });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /Unread 1/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
  });

  it('marks one notification read when it is followed, and all with "Mark all as read"', async () => {
    const [first] = seedNotifications({ unread: 3 });
    const { user, router } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await user.click(await screen.findByRole('link', { name: /Unread 1 / }));
    expect(router.state.location.pathname + router.state.location.search).toBe(first!.link);
    await waitFor(() => expect(callsTo('/api/notifications/read', 'POST')).toHaveLength(1));
    expect(callsTo('/api/notifications/read')[0]!.body).toEqual({ ids: [first!.id] });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    await user.click(bell);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    // At once (optimistic), before the server answers.
    expect(bell).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0);
    await waitFor(() => expect(callsTo('/api/notifications/read')).toHaveLength(2));
    expect(callsTo('/api/notifications/read')[1]!.body).toEqual({});
    expect(apiState.notifications.every((n) => n.readAt)).toBe(true);
  });

  it('a live notification raises the count and tops the list without a request, and is announced', async () => {
    seedNotifications({ unread: 1 });
    const { user, queryClient } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await screen.findByRole('link', { name: /Unread 1/ });
    // The stream is open (its `ready` reloads the lists once): then nothing more is asked.
    await waitFor(() => expect(liveStatus()).toBe('live'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = listCalls().length;

    const message = makeNotification({
      kind: 'message_received',
      actorName: 'Karim Hossain',
      serviceName: 'AC Servicing',
      excerpt: 'Can you come at 5?',
      createdAt: new Date().toISOString(),
      link: '/bookings?booking=b1&chat=1',
    });
    dispatchLive('notification', { notification: message, unread: 2 }, message.id);

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^Unread:/ });
    expect(links[0]).toHaveAccessibleName(
      'Unread: New message from Karim Hossain about AC Servicing Can you come at 5? just now',
    );
    expect(links[0]).toHaveAttribute('href', '/bookings?booking=b1&chat=1');
    expect(
      screen.getByText('New notification: New message from Karim Hossain about AC Servicing: Can you come at 5?'),
    ).toBeInTheDocument();
    // The same event again (a replay after a reconnect) is not listed twice.
    dispatchLive('notification', { notification: message, unread: 2 }, message.id);
    expect(screen.getAllByRole('link', { name: /Karim Hossain/ })).toHaveLength(1);
    // Another tab marked everything read.
    dispatchLive('read', { unread: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(before);
  });

  it("a live notification of a booking's change makes the cached lists of bookings reload; a message does not", async () => {
    seedNotifications({ unread: 0 });
    const { queryClient } = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    const key = bookingKeys.user('ayesha@meramot.test');
    queryClient.setQueryData(key, []);
    const message = makeNotification({ kind: 'message_received', createdAt: new Date().toISOString() });
    dispatchLive('notification', { notification: message, unread: 1 }, message.id);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    const completed = makeNotification({ kind: 'booking_completed', createdAt: new Date().toISOString() });
    dispatchLive('notification', { notification: completed, unread: 2 }, completed.id);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('counts in Bengali digits in Bangla', async () => {
    seedNotifications({ unread: 12 });
    await setLanguage('bn');
    renderBell();
    expect(await screen.findByRole('button', { name: 'নোটিফিকেশন, ১২টি না পড়া' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('১২');
  });

  it('shows 99+ for a large count', async () => {
    seedNotifications({ unread: 120 });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 120 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
  });
});
