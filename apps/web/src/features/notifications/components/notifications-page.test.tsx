import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { seedNotifications } from '../testing';
import { NotificationsPage } from './notifications-page';

function renderPage(url = '/notifications') {
  const view = renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], url);
  return { ...view, user: userEvent.setup() };
}

const list = () => screen.getByRole('list');

describe('NotificationsPage', () => {
  it('pages with the cursor: 20, then "Load more" asks below the last one', async () => {
    const made = seedNotifications({ unread: 5, read: 20 });
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(20));
    expect(callsTo('/api/notifications')[0]!.search).toBe('?limit=20');
    expect(screen.getByText('5 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(25));
    // The 20th newest is made[5] (made is oldest first).
    expect(callsTo('/api/notifications')[1]!.search).toBe(`?limit=20&cursor=${made[5]!.id}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const links = within(list()).getAllByRole('link');
    expect(links[24]).toHaveAttribute('href', made[0]!.link);
  });

  it('filters to the unread ones, and says when all are read', async () => {
    seedNotifications({ unread: 2, read: 3 });
    const { user, router } = renderPage();
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(5));
    const unreadFilter = screen.getByRole('button', { name: 'Unread' });
    expect(unreadFilter).toHaveAttribute('aria-pressed', 'false');
    await user.click(unreadFilter);
    expect(unreadFilter).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?show=unread');
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(2));
    expect(callsTo('/api/notifications').at(-1)!.search).toBe('?limit=20&unread=true');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('/api/notifications/read', 'POST')).toHaveLength(1));
    expect(screen.queryByText('2 unread')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows an empty state without notifications', async () => {
    seedNotifications({});
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });

  it('shows the server sentence when loading fails, and Retry loads again', async () => {
    seedNotifications({ unread: 1 });
    let fail = true;
    server.use(
      http.get('/api/notifications', () =>
        fail ? HttpResponse.json({ error: 'The server is busy.' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Notifications could not be loaded');
    expect(alert).toHaveTextContent('Error: The server is busy.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Unread 1/ })).toBeInTheDocument();
  });
});
