import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import authEn from '@/locales/en/auth.json';
import bnAuth from '@/locales/bn/auth.json';
import { sdk as firebase } from '@/lib/__mocks__/firebase';
import * as alerts from '@/lib/__mocks__/alerts';
import { credential, firebaseError, renderAuthPages, serveAuth } from '@/app/testing/auth-pages';

vi.mock('@/lib/firebase');
vi.mock('@/lib/alerts');

// The lib/__mocks__ SDK has no sendPasswordResetEmail: this file adds it.
const sendPasswordResetEmail = vi.fn<(auth: unknown, email: string) => Promise<void>>();
Object.assign(firebase, { sendPasswordResetEmail });

afterEach(async () => {
  await act(() => setLanguage('en'));
});

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
    ['nothing', '', '', 'Email'],
    ['no password', 'fatema@example.com', '', 'Password'],
    ['no e-mail', '   ', 'Repair1', 'Email'],
  ])(
    'with %s says "Missing Information: Please fill in all fields." under the form, focuses the empty field and does not sign in',
    async (_case, email, password, empty) => {
      const { user } = await openLogin();
      if (email) await user.type(screen.getByLabelText('Email'), email);
      if (password) await user.type(screen.getByLabelText('Password'), password);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('Missing Information Please fill in all fields.'),
      );
      await waitFor(() => expect(screen.getByLabelText(empty)).toHaveFocus());
      expect(screen.getByLabelText(empty)).toHaveAttribute('aria-invalid', 'true');
      expect(alerts.alertDialog).not.toHaveBeenCalled();
      expect(firebase.signInWithEmailAndPassword).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['auth/wrong-password', 'Incorrect password. Please try again.', 'Password'],
    ['auth/user-not-found', 'No account found with this email address.', 'Email'],
    ['auth/invalid-email', 'Invalid email address format.', 'Email'],
    ['auth/invalid-credential', 'Incorrect email or password. Please try again.', 'Password'],
    ['auth/unknown', 'Login failed. Please try again.', null],
  ])('shows "%s" as "%s" under the form, no dialog, and stays on the page', async (code, message, field) => {
    const { user, router } = await openLogin();
    firebase.signInWithEmailAndPassword.mockRejectedValue(firebaseError(code));
    await user.type(screen.getByLabelText('Email'), 'fatema@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(`Login Failed ${message}`));
    // Under the form: after the Sign In button, before "Continue with Google".
    const signInButton = screen.getByRole('button', { name: 'Sign In' });
    expect(signInButton.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(alert.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The field to correct has the focus and reads the message; nothing to click away.
    if (field) {
      await waitFor(() => expect(screen.getByLabelText(field)).toHaveFocus());
      expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(field)).toHaveAccessibleDescription(`Login Failed ${message}`);
    }
    expect(alerts.alertDialog).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(signInButton).toBeEnabled();
    expect(alerts.toast).not.toHaveBeenCalled();
  });

  it('clears the message on the next try and signs in', async () => {
    const { user, router } = await openLogin();
    firebase.signInWithEmailAndPassword
      .mockRejectedValueOnce(firebaseError('auth/wrong-password'))
      .mockResolvedValueOnce(credential());
    await user.type(screen.getByLabelText('Email'), 'fatema@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Incorrect password. Please try again.'));
    // The password is selected: typing replaces it.
    await user.keyboard('Repair1');
    expect(screen.getByLabelText('Password')).toHaveValue('Repair1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(alerts.toast).toHaveBeenCalledWith('Login Successful!', 'Welcome back, Fatema Akter!', expect.any(Number));
  });

  it('says it in Bangla in Bangla', async () => {
    const { user } = await openLogin();
    addTranslations('auth', authEn, () => import('@/locales/bn/auth.json'));
    await act(() => setLanguage('bn'));
    firebase.signInWithEmailAndPassword.mockRejectedValue(firebaseError('auth/wrong-password'));
    await user.type(screen.getByLabelText('ইমেইল'), 'fatema@example.com');
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Wrong1');
    await user.click(screen.getByRole('button', { name: 'লগইন করুন' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(bnAuth.errors.wrongPassword));
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
  ])('explains %s under the form', async (code, message) => {
    const { user } = await openLogin();
    firebase.signInWithPopup.mockRejectedValue(firebaseError(code));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`Login Failed ${message}`));
    expect(alerts.alertDialog).not.toHaveBeenCalled();
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
    expect(screen.queryByText(/cancelled/)).not.toBeInTheDocument();
  });
});

describe('Forgot password?', () => {
  async function openReset(email = '') {
    const view = await openLogin();
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    return { ...view, form };
  }

  it('opens from the login form with the e-mail carried over and focused', async () => {
    const { form } = await openReset('fatema@example.com');
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveValue('fatema@example.com');
    await waitFor(() => expect(email).toHaveFocus());
    expect(
      within(form).getByText(
        'Enter the e-mail address of your account. We will send it a link to choose a new password.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['an account', undefined],
    ['no account (the emulator says auth/user-not-found)', firebaseError('auth/user-not-found')],
  ])('sends the reset e-mail and confirms the same way for %s', async (_case, error) => {
    if (error) sendPasswordResetEmail.mockRejectedValue(error);
    else sendPasswordResetEmail.mockResolvedValue(undefined);
    const { user, form } = await openReset();
    await user.type(within(form).getByLabelText('Email'), '  someone@example.com ');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));

    const sent = await screen.findByRole('status');
    // Focus moves once the confirmation is painted (an effect).
    await waitFor(() => expect(within(sent).getByRole('heading', { name: 'Check your e-mail' })).toHaveFocus());
    expect(sent).toHaveTextContent(
      'If an account exists for someone@example.com, we have sent it a link to reset the password. It can take a few minutes to arrive; look in your spam folder too.',
    );
    expect(sendPasswordResetEmail).toHaveBeenCalledWith(expect.anything(), 'someone@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/No account found/)).not.toBeInTheDocument();

    // Back to the login form: the e-mail kept, the password next.
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('someone@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('asks for an e-mail before sending', async () => {
    const { user, form } = await openReset();
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await within(form).findByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveFocus();
    expect(sendPasswordResetEmail).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
    ['auth/internal-error-x', 'Could not send the reset e-mail. Please try again.'],
  ])('says what went wrong with %s under the form', async (code, message) => {
    sendPasswordResetEmail.mockRejectedValue(firebaseError(code));
    const { user, form } = await openReset('fatema@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(message));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(alerts.alertDialog).not.toHaveBeenCalled();
  });

  it('reads in Bangla in Bangla', async () => {
    sendPasswordResetEmail.mockResolvedValue(undefined);
    const { user } = await openLogin();
    addTranslations('auth', authEn, () => import('@/locales/bn/auth.json'));
    await act(() => setLanguage('bn'));
    await user.click(screen.getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }));
    const form = await screen.findByRole('form', { name: 'পাসওয়ার্ড রিসেট করুন' });
    await user.type(within(form).getByLabelText('ইমেইল'), 'fatema@example.com');
    await user.click(within(form).getByRole('button', { name: 'রিসেট লিংক পাঠান' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      bnAuth.reset.sentText.replace('{{email}}', 'fatema@example.com'),
    );
  });
});
