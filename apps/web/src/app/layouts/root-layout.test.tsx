import { screen, waitFor } from '@testing-library/react';
import { http, delay } from 'msw';
import { describe, expect, it } from 'vitest';
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
});
