import { DEFAULT_NOTIFICATION_SETTINGS } from '@meramot/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiState, signIn } from '@/testing/api-state';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { NotificationSettingsSection } from './notification-settings-section';

const alerts = vi.hoisted(() => ({ toast: vi.fn(async () => ({})), alertDialog: vi.fn(async () => ({})) }));
vi.mock('@/lib/alerts', () => alerts);

const fb = vi.hoisted(() => {
  const confirm = vi.fn(async (code: string) => ({
    user: { getIdToken: vi.fn(async () => `id-token-after-${code}`) },
  }));
  const user = { providerData: [{ providerId: 'password' }] as { providerId: string }[] };
  const auth = {
    currentUser: user as typeof user | null,
    authStateReady: async () => undefined,
    emulatorConfig: null,
    settings: {},
  };
  const verifier = { clear: vi.fn() };
  return {
    auth,
    user,
    confirm,
    sdk: {
      RecaptchaVerifier: vi.fn(function RecaptchaVerifier() {
        return verifier;
      }),
      linkWithPhoneNumber: vi.fn(async () => ({ confirm })),
      unlink: vi.fn(async () => user),
    },
  };
});
vi.mock('@/lib/firebase', () => ({
  getFirebaseAuth: async () => fb.auth,
  firebaseAuthModule: async () => fb.sdk,
}));

beforeEach(() => {
  signIn(makeUser());
  fb.auth.currentUser = fb.user;
  fb.user.providerData = [{ providerId: 'password' }];
});
afterEach(() => vi.clearAllMocks());

async function renderSection() {
  const view = renderRoutes([{ path: '*', element: <NotificationSettingsSection /> }]);
  await screen.findByRole('checkbox', { name: 'New bookings and cancellations: In app' });
  return { ...view, user: userEvent.setup() };
}

describe('NotificationSettingsSection', () => {
  it('names every switch by category and channel; SMS only for bookings and status', async () => {
    await renderSection();
    expect(screen.getAllByRole('checkbox')).toHaveLength(10);
    expect(screen.getByRole('checkbox', { name: 'Status changes: E-mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Reviews: In app' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Reviews: SMS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Messages: SMS' })).not.toBeInTheDocument();
  });

  it('saves the switches as set, with a success toast', async () => {
    apiState.notificationPreferences.smsPhone = '+8801712345678';
    const { user } = await renderSection();
    await user.click(screen.getByRole('checkbox', { name: 'Messages: E-mail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Status changes: SMS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reviews: In app' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo('/api/users/me/notification-settings', 'PUT')).toHaveLength(1));
    expect(callsTo('/api/users/me/notification-settings', 'PUT')[0]!.body).toEqual({
      settings: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        status: { inApp: true, email: true, sms: true },
        reviews: { inApp: false, email: true, sms: false },
        messages: { inApp: true, email: false, sms: false },
      },
    });
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Settings saved', 'Your notification settings have been saved.', 2500),
    );
    expect(screen.getByRole('checkbox', { name: 'Messages: E-mail' })).not.toBeChecked();
  });

  it('shows the server sentence when saving fails', async () => {
    server.use(
      http.put('/api/users/me/notification-settings', () =>
        HttpResponse.json({ error: 'Settings could not be saved right now.' }, { status: 400 }),
      ),
    );
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings could not be saved right now.');
    expect(alerts.toast).not.toHaveBeenCalled();
  });

  it('disables the SMS switches, saying why, without a verified number or without SMS', async () => {
    const { unmount } = await renderSection();
    const sms = screen.getByRole('checkbox', { name: 'New bookings and cancellations: SMS' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription(/verify yours below/);
    unmount();
    apiState.notificationPreferences = {
      ...apiState.notificationPreferences,
      smsPhone: '+8801712345678',
      smsAvailable: false,
    };
    await renderSection();
    expect(screen.getByRole('checkbox', { name: 'Status changes: SMS' })).toHaveAccessibleDescription(
      'SMS are not available yet: the SMS switches will apply once they are.',
    );
  });

  it('verifies a number typed in Bengali digits with Firebase phone sign-in, then removes it', async () => {
    const { user } = await renderSection();
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '০১৭১২-৩৪৫৬৭৮');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +880 1712-345678.')).toBeInTheDocument();
    expect(fb.sdk.linkWithPhoneNumber).toHaveBeenCalledWith(fb.user, '+8801712345678', expect.anything());
    expect(fb.sdk.RecaptchaVerifier).toHaveBeenCalledWith(fb.auth, expect.any(HTMLElement), { size: 'invisible' });

    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '১২৩৪৫৬');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('SMS go to +880 1712-345678 (verified).')).toBeInTheDocument();
    expect(fb.confirm).toHaveBeenCalledWith('123456');
    expect(callsTo('/api/users/me/sms-phone', 'POST')[0]!.body).toEqual({ idToken: 'id-token-after-123456' });
    // With a number the SMS switches work.
    expect(screen.getByRole('checkbox', { name: 'New bookings and cancellations: SMS' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove number' }));
    expect(await screen.findByRole('textbox', { name: 'Mobile number' })).toBeInTheDocument();
    expect(callsTo('/api/users/me/sms-phone', 'DELETE')).toHaveLength(1);
  });

  it('checks the number and maps Firebase errors to plain sentences', async () => {
    const { user } = await renderSection();
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a Bangladeshi mobile number, e.g. 01712345678')).toBeInTheDocument();
    expect(fb.sdk.linkWithPhoneNumber).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'Mobile number' }));
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '01712345678');
    fb.sdk.linkWithPhoneNumber.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/credential-already-in-use' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This number belongs to another account.');
  });
});
