import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { auth, sdk as firebase } from '@/lib/__mocks__/firebase';
import * as alerts from '@/lib/__mocks__/alerts';
import { http } from 'msw';
import { calls, server } from '@/testing/server';
import { credential, firebaseError, json, renderAuthPages, serveAuth, testUser } from '@/app/testing/auth-pages';

vi.mock('@/lib/firebase');
vi.mock('@/lib/alerts');

async function openRegister(options: Parameters<typeof serveAuth>[0] = {}) {
  serveAuth(options);
  const view = renderAuthPages('/register');
  await screen.findByRole('heading', { name: 'Register' });
  return { ...view, user: userEvent.setup() };
}

type Fields = Partial<Record<'name' | 'email' | 'photo' | 'password', string>>;
const labels = { name: 'Full Name', email: 'Email', photo: /Photo URL/, password: 'Password' } as const;

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, fields: Fields) {
  for (const [field, value] of Object.entries(fields) as [keyof Fields, string][]) {
    const input = screen.getByLabelText(labels[field]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

const complete = { name: 'Nusrat Jahan', email: 'nusrat@example.com', password: 'Repair1' };

describe('Register page', () => {
  it('has the title, the fields with the password hint, the buttons and the link to login', async () => {
    await openRegister();
    await waitFor(() => expect(document.title).toBe('Register | Meramot'));
    for (const label of Object.values(labels)) expect(screen.getByLabelText(label)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('6+ chars with uppercase & lowercase');
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('toggles the password visibility', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });
});

describe('Register validation', () => {
  it.each([
    ['everything missing', {}, ['Full Name', 'Email', 'Password']],
    ['the name missing', { email: complete.email, password: complete.password }, ['Full Name']],
    ['the e-mail missing', { name: complete.name, password: complete.password }, ['Email']],
    ['the password missing', { name: complete.name, email: complete.email }, ['Password']],
  ])(
    'with %s says "Please fill in all required fields." and marks the fields',
    async (_case, fields: Fields, invalid) => {
      const { user } = await openRegister();
      await fillAndSubmit(user, fields);
      expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
      for (const label of invalid) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(/Photo URL/)).not.toHaveAttribute('aria-invalid');
      expect(firebase.createUserWithEmailAndPassword).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['Ab1', 'Password must be at least 6 characters long.'],
    ['repair1', 'Password must contain at least one uppercase and one lowercase letter.'],
    ['REPAIR1', 'Password must contain at least one uppercase and one lowercase letter.'],
  ])('rejects the password "%s": "%s"', async (password, message) => {
    const { user } = await openRegister();
    await fillAndSubmit(user, { ...complete, password });
    const input = screen.getByLabelText('Password');
    await waitFor(() => expect(input).toHaveAccessibleDescription(`6+ chars with uppercase & lowercase ${message}`));
    // The inline error is announced (one Field rule set: role alert), and it is the only alert.
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(firebase.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('says a 200-character name is too long, with the limit (not that it is missing)', async () => {
    const { user } = await openRegister();
    const name = screen.getByLabelText('Full Name');
    await user.click(name);
    await user.paste('N'.repeat(200));
    await fillAndSubmit(user, { email: complete.email, password: complete.password });
    expect(await screen.findByText('Full name must be at most 100 characters.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Full name must be at most 100 characters.');
    expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('rejects a photo URL that is not a URL with "Invalid URL"', async () => {
    const { user } = await openRegister();
    await fillAndSubmit(user, { ...complete, photo: 'my photo' });
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(screen.getByLabelText(/Photo URL/)).toHaveAccessibleDescription('Invalid URL');
    expect(firebase.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });
});

describe('Register submit', () => {
  it('creates the account, signs the new user in and goes home, welcomed as new (no "Welcome back")', async () => {
    const now = '2026-03-01T10:00:00.000Z';
    const newUser = testUser({
      email: 'nusrat@example.com',
      displayName: 'Nusrat Jahan',
      createdAt: now,
      lastLoginAt: now,
    });
    const { user, router } = await openRegister({ loginUser: newUser });
    const idToken = vi.fn(async () => 'fresh-id-token');
    firebase.createUserWithEmailAndPassword.mockResolvedValue({ user: { getIdToken: idToken } });
    await fillAndSubmit(user, { ...complete, photo: 'https://example.com/nusrat.png' });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledWith(auth, 'nusrat@example.com', 'Repair1');
    expect(firebase.updateProfile).toHaveBeenCalledWith(expect.anything(), {
      displayName: 'Nusrat Jahan',
      photoURL: 'https://example.com/nusrat.png',
    });
    // The token is taken after the name is set (forced fresh), and exchanged for a session.
    expect(idToken).toHaveBeenCalledWith(true);
    expect(firebase.updateProfile.mock.invocationCallOrder[0]).toBeLessThan(idToken.mock.invocationCallOrder[0]!);
    const exchange = calls.find((c) => c.path === '/api/auth/firebase-login');
    expect(exchange?.body).toEqual({ idToken: 'fresh-id-token' });
    expect(firebase.signOut).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('meramot-token')).toBe('session-token');
    expect(alerts.toast).toHaveBeenCalledTimes(1);
    expect(alerts.toast).toHaveBeenCalledWith(
      'Account Created!',
      'Welcome to Meramot, Nusrat Jahan!',
      expect.any(Number),
    );
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('after signing up, goes on to the page the visitor was sent from', async () => {
    serveAuth();
    const { router } = renderAuthPages('/');
    await screen.findByRole('heading', { name: 'Home page' });
    await router.navigate('/register', { state: { from: { pathname: '/manage-services', search: '', hash: '' } } });
    await screen.findByRole('heading', { name: 'Register' });
    firebase.createUserWithEmailAndPassword.mockResolvedValue(credential());
    await fillAndSubmit(userEvent.setup(), complete);
    expect(await screen.findByRole('heading', { name: 'Manage page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-services');
  });

  it('when the account is made but the session cannot open, signs out and asks to log in with the e-mail filled in', async () => {
    const { user, router } = await openRegister();
    server.use(http.post('/api/auth/firebase-login', () => json({ error: 'The sign-in service is down.' }, 503)));
    firebase.createUserWithEmailAndPassword.mockResolvedValue(credential());
    await fillAndSubmit(user, complete);

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(firebase.signOut).toHaveBeenCalled();
    expect(alerts.toast).toHaveBeenCalledWith(
      'Account Created!',
      'Your account has been created. Please log in.',
      expect.any(Number),
    );
    expect(screen.getByText('Account created. Please log in.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nusrat@example.com');
    expect(alerts.alertDialog).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('meramot-token')).toBeNull();
  });

  it('sends no photo when none was given', async () => {
    const { user } = await openRegister();
    firebase.createUserWithEmailAndPassword.mockResolvedValue(credential());
    await fillAndSubmit(user, complete);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(firebase.updateProfile).toHaveBeenCalledWith(expect.anything(), { displayName: 'Nusrat Jahan' });
  });

  it.each([
    ['auth/email-already-in-use', 'An account with this email already exists.'],
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/unknown', 'Registration failed. Please try again.'],
  ])('explains %s: "%s"', async (code, message) => {
    const { user, router } = await openRegister();
    firebase.createUserWithEmailAndPassword.mockRejectedValue(firebaseError(code));
    await fillAndSubmit(user, complete);
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalledWith('Registration Failed', message));
    expect(router.state.location.pathname).toBe('/register');
    expect(alerts.toast).not.toHaveBeenCalled();
  });
});

describe('Register with Google', () => {
  it('signs up through the popup and goes to /', async () => {
    const now = '2026-03-01T10:00:00.000Z';
    const { user, router } = await openRegister({ loginUser: testUser({ createdAt: now, lastLoginAt: now }) });
    firebase.signInWithPopup.mockResolvedValue(credential());
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(alerts.toast).toHaveBeenCalledWith(
      'Account Created!',
      'Welcome to Meramot, Fatema Akter!',
      expect.any(Number),
    );
  });

  it('welcomes back a user whose account already existed', async () => {
    const { user } = await openRegister();
    firebase.signInWithPopup.mockResolvedValue(credential());
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(alerts.toast).toHaveBeenCalledWith('Login Successful!', 'Welcome back, Fatema Akter!', expect.any(Number));
  });

  it('says "Unable to create account with Google. Please try again." on failure', async () => {
    const { user, router } = await openRegister();
    firebase.signInWithPopup.mockRejectedValue(firebaseError('auth/argument-error'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith(
        'Registration Failed',
        'Unable to create account with Google. Please try again.',
      ),
    );
    expect(router.state.location.pathname).toBe('/register');
  });
});
