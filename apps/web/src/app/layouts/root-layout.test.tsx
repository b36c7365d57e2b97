import { act, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { http, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/api-state';
import { makeUser } from '@/testing/fixtures';
import { makeNotification } from '@/testing/handlers/notifications';
import { apiState } from '@/testing/api-state';
import { renderRoutes } from '@/testing/render';
import { calls, callsTo, server } from '@/testing/server';
import { RootLayout } from './root-layout';

const renderLayout = () =>
  renderRoutes([{ element: <RootLayout />, children: [{ path: '/', element: <p>Home page</p> }] }], '/');

describe('RootLayout', () => {
  it('a signed-in person gets the bell beside the avatar, the live stream and the language sync', async () => {
    signIn(makeUser());
    apiState.notifications = [makeNotification(), makeNotification()];
    renderLayout();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/events')).toHaveLength(1));
    await waitFor(() => expect(callsTo('/api/users/me/language', 'PUT')).toHaveLength(1));
  });

  it('keeps the bell’s place while the stored session is checked', () => {
    window.localStorage.setItem('meramot-token', 'token-1');
    server.use(http.get('/api/auth/verify', () => delay('infinite')));
    renderLayout();
    expect(screen.getByTestId('bell-slot')).toBeInTheDocument();
  });

  it('a visitor gets no bell and no notification requests', async () => {
    renderLayout();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('bell-slot')).not.toBeInTheDocument();
    expect(calls.filter((c) => /notification|events|language/.test(c.path))).toHaveLength(0);
  });

  it('a page whose code does not load says so under the header, with Reload; another page clears it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { router } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/', element: <p>Home page</p> },
            {
              path: '/broken',
              element: (
                <Suspense fallback={null}>
                  <Broken />
                </Suspense>
              ),
            },
          ],
        },
      ],
      '/broken',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This page could not be loaded. Check your connection and reload the page.');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The header is still there, its links a way on.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(errors).toHaveBeenCalled();

    act(() => void router.navigate('/'));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    errors.mockRestore();
  });
});
