import type { User } from '@meramot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/auth-context';
import { addTranslations, setLanguage } from '@/lib/i18n';
import profileEn from '@/locales/en/profile.json';
import { json } from '@/testing/http';
import { http } from 'msw';
import { apiState, signIn } from '@/testing/api-state';
import { renderRoutes } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { ProfileSettings } from './profile-settings';
import { makeUser } from '@/testing/fixtures';

const fb = vi.hoisted(() => {
  const user = {
    email: 'rahim@example.com',
    providerData: [{ providerId: 'password' }] as { providerId: string }[],
    getIdToken: async () => 'fresh-id-token',
  };
  const auth = { currentUser: user as typeof user | null, authStateReady: async () => undefined };
  return {
    user,
    auth,
    sdk: {
      updateProfile: vi.fn(async () => undefined),
      reauthenticateWithCredential: vi.fn(async () => ({})),
      updatePassword: vi.fn(async () => undefined),
      signOut: vi.fn(async () => undefined),
      EmailAuthProvider: { credential: vi.fn((email: string, password: string) => ({ email, password })) },
    },
  };
});
vi.mock('@/lib/firebase', () => ({
  getFirebaseAuth: async () => fb.auth,
  firebaseAuthModule: async () => fb.sdk,
}));
const alerts = vi.hoisted(() => ({ toast: vi.fn(async () => ({})), alertDialog: vi.fn(async () => ({})) }));
vi.mock('@/lib/alerts', () => alerts);

const me = (over: Partial<User> = {}): User =>
  makeUser({
    id: 'u1',
    uid: 'uid-1',
    email: 'rahim@example.com',
    displayName: 'Rahim Uddin',
    photoURL: null,
    phone: null,
    emailVerified: true,
    createdAt: '2026-01-15T00:00:00.000Z',
    lastLoginAt: null,
    ...over,
  });
type PutHandler = (body: Record<string, unknown>) => Response;
let putAnswer: PutHandler;

beforeEach(() => {
  fb.auth.currentUser = fb.user;
  fb.user.providerData = [{ providerId: 'password' }];
  putAnswer = (body) => json({ ...me(), ...body });
  signIn(me());
  server.use(
    http.put('/api/users/me', async ({ request }) => putAnswer((await request.json()) as Record<string, unknown>)),
  );
});
afterEach(async () => {
  await act(() => setLanguage('en'));
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

/** Stands in for the header: shows the signed-in user's name and photo from the auth state. */
function HeaderUser() {
  const { user } = useAuth();
  return <p data-testid="header-user">{user ? `${user.displayName} ${user.photoURL ?? '-'}` : 'guest'}</p>;
}

async function openPage() {
  const view = renderRoutes(
    [
      {
        path: '/profile-settings',
        element: (
          <>
            <HeaderUser />
            <ProfileSettings />
          </>
        ),
      },
    ],
    '/profile-settings',
  );
  await screen.findByRole('heading', { name: 'Profile Settings', level: 1 });
  await screen.findByRole('heading', { name: 'Profile Information' });
  return { ...view, user: userEvent.setup() };
}

const putCalls = () => callsTo('/api/users/me', 'PUT');

describe('Profile Settings', () => {
  it('shows the avatar card with default avatar, name, e-mail and member since', async () => {
    await openPage();
    const photo = screen.getByRole('img', { name: 'Profile photo of Rahim Uddin' });
    expect(photo).toHaveAttribute('src', '/images/default-avatar.webp');
    expect(screen.getByText('Member since 15 Jan 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Security Settings' })).toBeInTheDocument();
  });

  it('shows the e-mail read-only, marked "Email cannot be changed"', async () => {
    await openPage();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('rahim@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Email cannot be changed');
  });

  it('validates display name, photo URL and phone and saves nothing', async () => {
    const { user } = await openPage();
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Photo URL'), 'not a url');
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.getByText('Please enter a Bangladeshi mobile number, e.g. 01712345678')).toBeInTheDocument();
    expect(screen.getByLabelText('Display Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fb.sdk.updateProfile).not.toHaveBeenCalled();
    expect(putCalls()).toHaveLength(0);
  });

  it('says a 200-character display name is too long, with the limit, in English and Bangla', async () => {
    const { user } = await openPage();
    const name = screen.getByLabelText('Display Name');
    await user.clear(name);
    // Pasted, not typed: 200 keystrokes are slow and prove nothing more.
    await user.click(name);
    await user.paste('ক'.repeat(200));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Display name must be at most 100 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Display name is required')).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Display name must be at most 100 characters.');

    addTranslations('profile', profileEn, () => import('@/locales/bn/profile.json'));
    await act(() => setLanguage('bn'));
    expect(await screen.findByText('প্রদর্শিত নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে।')).toBeInTheDocument();
    expect(fb.sdk.updateProfile).not.toHaveBeenCalled();
    expect(putCalls()).toHaveLength(0);
  });

  it('saves to the identity service and PUT /api/users/me, then updates the header user', async () => {
    const { user } = await openPage();
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'Karim Ahmed');
    await user.type(screen.getByLabelText('Photo URL'), 'https://example.com/karim.jpg');
    await user.type(screen.getByLabelText('Phone Number'), '01712-345 678');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Profile Updated!', expect.any(String), expect.any(Number)),
    );
    expect(fb.sdk.updateProfile).toHaveBeenCalledWith(fb.user, {
      displayName: 'Karim Ahmed',
      photoURL: 'https://example.com/karim.jpg',
    });
    const put = putCalls()[0]!;
    expect(put.body).toEqual({
      displayName: 'Karim Ahmed',
      photoURL: 'https://example.com/karim.jpg',
      phone: '01712345678',
    });
    expect(put.headers.get('authorization')).toBe('Bearer session-token');
    expect(screen.getByTestId('header-user')).toHaveTextContent('Karim Ahmed https://example.com/karim.jpg');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('01712345678');
    expect(screen.getByText('Phone: 01712345678')).toBeInTheDocument();
  });

  it('uploads a profile photo and saves it by its id (its full address to the identity service)', async () => {
    const { user } = await openPage();
    const photos = screen.getByRole('group', { name: 'Profile Photo' });
    expect(photos).toHaveAccessibleDescription(/replaces the photo URL below/);
    await user.upload(
      within(photos).getByLabelText('Choose a photo', { selector: 'input' }),
      new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }),
    );
    const preview = await within(photos).findByRole('img', { name: 'Photo 1' });
    const photo = apiState.photos[0]!;
    expect(preview).toHaveAttribute('src', photo.url);
    expect(callsTo('/api/photos', 'POST')[0]!.headers.get('authorization')).toBe('Bearer session-token');
    putAnswer = (body) => json({ ...me(), displayName: body.displayName, photoURL: photo.url });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Profile Updated!', expect.any(String), expect.any(Number)),
    );
    expect(putCalls()[0]!.body).toEqual({ displayName: 'Rahim Uddin', photoId: photo.id, phone: null });
    expect(fb.sdk.updateProfile).toHaveBeenCalledWith(fb.user, {
      displayName: 'Rahim Uddin',
      photoURL: `${window.location.origin}${photo.url}`,
    });
    // The card and the header show it; the picker is empty again.
    expect(screen.getByRole('img', { name: 'Profile photo of Rahim Uddin' })).toHaveAttribute('src', photo.url);
    expect(screen.getByTestId('header-user')).toHaveTextContent(`Rahim Uddin ${photo.url}`);
    expect(within(photos).queryByRole('img')).not.toBeInTheDocument();
  });

  it('waits for a photo still uploading before it saves', async () => {
    server.use(http.post('/api/photos', () => new Promise<Response>(() => undefined)));
    const { user } = await openPage();
    await user.upload(
      screen.getByLabelText('Choose a photo', { selector: 'input' }),
      new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }),
    );
    await screen.findByRole('progressbar', { name: 'Uploading me.jpg' });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Wait until the photo has finished uploading.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toHaveFocus();
    expect(putCalls()).toHaveLength(0);
  });

  it('clears the photo with an empty text for the identity service and null for our server', async () => {
    putAnswer = (body) => json({ ...me(), ...body });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(fb.sdk.updateProfile).toHaveBeenCalledWith(fb.user, { displayName: 'Rahim Uddin', photoURL: '' });
    expect(putCalls()[0]!.body).toEqual({ displayName: 'Rahim Uddin', photoURL: null, phone: null });
  });

  it('on "Authentication required" refreshes the session once and saves with the new token', async () => {
    let answered = 0;
    putAnswer = (body) =>
      answered++ === 0 ? json({ error: 'Authentication required' }, 401) : json({ ...me(), ...body });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Profile Updated!', expect.any(String), expect.any(Number)),
    );
    expect(callsTo('/api/auth/firebase-login')).toHaveLength(1);
    expect(putCalls()).toHaveLength(2);
    expect(putCalls()[1]!.headers.get('authorization')).toBe('Bearer new-session-token');
    expect(window.localStorage.getItem('meramot-token')).toBe('new-session-token');
    expect(alerts.alertDialog).not.toHaveBeenCalled();
  });

  it('shows "Failed to update profile. Please try again." on another failure', async () => {
    putAnswer = () => json({ error: 'Boom' }, 500);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith('Update Failed', 'Failed to update profile. Please try again.'),
    );
  });

  it('says "No user logged in" without an identity user and calls no server', async () => {
    fb.auth.currentUser = null;
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalledWith('Update Failed', 'No user logged in'));
    expect(putCalls()).toHaveLength(0);
  });
});

describe('Security Settings', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) => {
    if (current) await user.type(screen.getByLabelText('Current Password'), current);
    if (next) await user.type(screen.getByLabelText('New Password'), next);
    if (confirm) await user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  };

  it('requires all three passwords', async () => {
    const { user } = await openPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await fill(user, '', '', '');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    expect(fb.sdk.updatePassword).not.toHaveBeenCalled();
  });

  it('needs at least 6 characters and a matching confirmation', async () => {
    const { user } = await openPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await fill(user, 'Old12345', 'abc', 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fb.sdk.reauthenticateWithCredential).not.toHaveBeenCalled();
  });

  it('toggles the visibility of each password', async () => {
    const { user } = await openPage();
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await waitFor(() => expect(toggles[0]).toBeEnabled());
    await user.click(toggles[1]!);
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
  });

  it('re-authenticates, then updates the password and clears the form', async () => {
    const { user } = await openPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await fill(user, 'Old12345', 'New12345', 'New12345');
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Password Updated!', expect.any(String), expect.any(Number)),
    );
    expect(fb.sdk.EmailAuthProvider.credential).toHaveBeenCalledWith('rahim@example.com', 'Old12345');
    expect(fb.sdk.reauthenticateWithCredential).toHaveBeenCalledWith(fb.user, {
      email: 'rahim@example.com',
      password: 'Old12345',
    });
    expect(fb.sdk.updatePassword).toHaveBeenCalledWith(fb.user, 'New12345');
    expect(fb.sdk.reauthenticateWithCredential.mock.invocationCallOrder[0]).toBeLessThan(
      fb.sdk.updatePassword.mock.invocationCallOrder[0]!,
    );
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveValue(''));
    expect(screen.getByLabelText('New Password')).toHaveValue('');
  });

  it.each([
    ['auth/invalid-credential', 'Current password is incorrect.'],
    ['auth/wrong-password', 'Current password is incorrect.'],
    ['auth/too-many-requests', 'Failed to update password. Please try again.'],
  ])('reports %s as "%s"', async (code, message) => {
    fb.sdk.reauthenticateWithCredential.mockRejectedValueOnce(Object.assign(new Error(code), { code }));
    const { user } = await openPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await fill(user, 'Wrong123', 'New12345', 'New12345');
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalledWith('Update Failed', message));
    expect(fb.sdk.updatePassword).not.toHaveBeenCalled();
  });

  it('tells a Google-only account its password is managed by Google and disables the form', async () => {
    fb.user.providerData = [{ providerId: 'google.com' }];
    await openPage();
    expect(await screen.findByText(/password is managed by Google/)).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  });
});
