import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sdk as firebase } from '../../lib/__mocks__/firebase';
import * as alerts from '../../lib/__mocks__/alerts';
import { credential, firebaseError, renderAuthPages, serveAuth } from './auth-test-kit';

vi.mock('../../lib/firebase');
vi.mock('../../lib/alerts');

async function openLogin(url = '/login') {
  serveAuth();
  const view = renderAuthPages(url);
  await screen.findByRole('heading', { name: 'Login' });
  return { ...view, user: userEvent.setup() };
}

describe('Login page', () => {
  it('has the title, fields, buttons and the link to register', async () => {
    await openLogin();
    await waitFor(() => expect(document.title).toBe('Login | Meramot'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const { user } = await openLogin();
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['nothing', '', ''],
    ['no password', 'fatema@example.com', ''],
    ['no e-mail', '   ', 'Repair1'],
  ])('with %s shows "Missing Information" and does not sign in', async (_case, email, password) => {
    const { user } = await openLogin();
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith('Missing Information', 'Please fill in all fields.', 'warning'),
    );
    expect(firebase.signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/invalid-credential', 'Incorrect email or password. Please try again.'],
    ['auth/unknown', 'Login failed. Please try again.'],
  ])('shows "%s" as "%s" and stays on the page', async (code, message) => {
    const { user, router } = await openLogin();
    firebase.signInWithEmailAndPassword.mockRejectedValue(firebaseError(code));
    await user.type(screen.getByLabelText('Email'), 'fatema@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalledWith('Login Failed', message));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(alerts.toast).not.toHaveBeenCalled();
  });

  it('after registering, says so and has the e-mail filled in with the password focused', async () => {
    serveAuth();
    const { router } = renderAuthPages('/');
    await screen.findByRole('heading', { name: 'Home page' });
    await router.navigate('/login', { state: { registered: true, email: 'new.user@example.com' } });
    expect(await screen.findByText('Account created. Please log in.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new.user@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });
});

describe('Continue with Google', () => {
  it('signs in through the popup and goes to the from page', async () => {
    const { user, router } = await openLogin();
    await router.navigate('/login', { state: { from: { pathname: '/manage-services', search: '', hash: '' } } });
    await screen.findByText('Please log in to continue.');
    firebase.signInWithPopup.mockResolvedValue(credential('google-id-token'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(firebase.signInWithPopup).toHaveBeenCalledTimes(1);
    expect(alerts.toast).toHaveBeenCalledWith('Login Successful!', 'Welcome back, Fatema Akter!', expect.any(Number));
  });

  it.each([
    [
      'auth/popup-blocked',
      'The sign-in popup was blocked by the browser. Please allow popups for this site and try again.',
    ],
    ['auth/popup-closed-by-user', 'The sign-in popup was closed before signing in finished. Please try again.'],
    ['auth/something-else', 'Unable to sign in with Google. Please try again.'],
  ])('explains %s', async (code, message) => {
    const { user } = await openLogin();
    firebase.signInWithPopup.mockRejectedValue(firebaseError(code));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalledWith('Login Failed', message));
  });

  it('stays quiet when a newer popup replaced the first one, and uses the newer result', async () => {
    const { user, router } = await openLogin();
    let rejectFirst!: (error: unknown) => void;
    firebase.signInWithPopup
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (rejectFirst = reject)))
      .mockResolvedValueOnce(credential());
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    rejectFirst(firebaseError('auth/cancelled-popup-request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(alerts.alertDialog).not.toHaveBeenCalled();
  });
});
