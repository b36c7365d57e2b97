import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { auth, sdk as firebase } from '@/lib/__mocks__/firebase';
import * as alerts from '@/lib/__mocks__/alerts';
import { credential, json, renderAuthPages, serveAuth, testUser } from '@/app/testing/auth-pages';

vi.mock('@/lib/firebase');
vi.mock('@/lib/alerts');

async function logIn(email = 'fatema@example.com', password = 'Repair1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('ProtectedRoute', () => {
  it('shows "Verifying authentication..." while the stored token is checked, then redirects to /login remembering from', async () => {
    window.localStorage.setItem('meramot-token', 'stale-token');
    let answer!: (response: Response) => void;
    serveAuth({ verify: new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderAuthPages('/manage-services?tab=open#list');

    expect(await screen.findByText('Verifying authentication...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage page' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-services');

    answer(json({ error: 'Authentication required' }, 401));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state.from).toMatchObject({
      pathname: '/manage-services',
      search: '?tab=open',
      hash: '#list',
    });
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(window.localStorage.getItem('meramot-token')).toBeNull();
  });

  it('shows the page to a user whose stored token verifies', async () => {
    window.localStorage.setItem('meramot-token', 'good-token');
    serveAuth({ verify: testUser() });
    renderAuthPages('/manage-services');
    expect(await screen.findByRole('heading', { name: 'Manage page' })).toBeInTheDocument();
  });

  it('sends a visitor without a token straight to /login', async () => {
    const calls = serveAuth();
    const { router } = renderAuthPages('/manage-services');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Verifying authentication...')).not.toBeInTheDocument();
    expect(router.state.location.state.from.pathname).toBe('/manage-services');
    expect(calls).toHaveLength(0);
  });
});

describe('after login', () => {
  it('returns the user to the from page (search and hash kept), not to /services', async () => {
    const calls = serveAuth();
    firebase.signInWithEmailAndPassword.mockResolvedValue(credential('id-token-1'));
    const { router } = renderAuthPages('/manage-services?tab=open#list');
    await screen.findByRole('heading', { name: 'Login' });

    await logIn();

    expect(await screen.findByRole('heading', { name: 'Manage page' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/manage-services', search: '?tab=open', hash: '#list' });
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledWith(auth, 'fatema@example.com', 'Repair1');
    expect(calls.find((c) => c.path === '/api/auth/firebase-login')?.body).toEqual({ idToken: 'id-token-1' });
    expect(window.localStorage.getItem('meramot-token')).toBe('session-token');
    expect(alerts.toast).toHaveBeenCalledWith('Login Successful!', 'Welcome back, Fatema Akter!', expect.any(Number));
    const [, , ms] = alerts.toast.mock.calls[0] as unknown as [string, string, number];
    expect(ms).toBeGreaterThanOrEqual(2000);
    expect(ms).toBeLessThanOrEqual(3000);
  });

  it('goes to / without a from page (the page, not the signed-in redirect to /services, decides)', async () => {
    serveAuth();
    firebase.signInWithEmailAndPassword.mockResolvedValue(credential());
    const { router } = renderAuthPages('/login');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('GuestOnlyRoute', () => {
  it.each(['/login', '/register'])('sends a signed-in user on %s to /services', async (url) => {
    window.localStorage.setItem('meramot-token', 'good-token');
    serveAuth({ verify: testUser() });
    const { router } = renderAuthPages(url);
    expect(await screen.findByRole('heading', { name: 'Services page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');
  });

  it('shows no form while a stored token is being verified, then the form once it fails', async () => {
    window.localStorage.setItem('meramot-token', 'stale-token');
    let answer!: (response: Response) => void;
    serveAuth({ verify: new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = renderAuthPages('/login');
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    answer(json({ error: 'Authentication required' }, 401));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
