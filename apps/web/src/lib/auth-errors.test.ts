import { describe, expect, it } from 'vitest';
import auth from '../locales/en/auth.json';
import {
  authErrorCode,
  isSupersededPopup,
  mapLoginError,
  mapRegisterError,
  mapResetError,
  type AuthErrorKey,
} from './auth-errors';

const fb = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const text = (key: AuthErrorKey) => auth.errors[key];

describe('mapLoginError (e-mail and password)', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/invalid-credential', 'Incorrect email or password. Please try again.'],
    ['auth/invalid-login-credentials', 'Incorrect email or password. Please try again.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
    ['auth/network-request-failed', 'Could not reach the sign-in service. Check your connection and try again.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    ['auth/something-new', 'Login failed. Please try again.'],
  ])('%s gives "%s"', (code, message) => {
    expect(text(mapLoginError(fb(code)))).toBe(message);
  });

  it('falls back to the spec text for anything that is not an identity error', () => {
    expect(text(mapLoginError(new Error('Failed to fetch')))).toBe('Login failed. Please try again.');
    expect(text(mapLoginError(undefined))).toBe('Login failed. Please try again.');
    expect(text(mapLoginError({ code: 42 }))).toBe('Login failed. Please try again.');
    expect(text(mapLoginError(fb('auth/email-already-in-use')))).toBe('Login failed. Please try again.');
  });
});

describe('mapRegisterError (e-mail and password)', () => {
  it.each([
    ['auth/email-already-in-use', 'An account with this email already exists.'],
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/wrong-password', 'Registration failed. Please try again.'],
    ['auth/operation-not-allowed', 'This sign-in method is not enabled. Please contact support.'],
  ])('%s gives "%s"', (code, message) => {
    expect(text(mapRegisterError(fb(code)))).toBe(message);
  });

  it('falls back to the spec text', () => {
    expect(text(mapRegisterError(new TypeError('x')))).toBe('Registration failed. Please try again.');
  });
});

describe('Google popup failures', () => {
  it('use the spec texts when the code says nothing more', () => {
    expect(text(mapLoginError(fb('auth/some-popup-problem'), 'google'))).toBe(
      'Unable to sign in with Google. Please try again.',
    );
    expect(text(mapRegisterError(fb('auth/some-popup-problem'), 'google'))).toBe(
      'Unable to create account with Google. Please try again.',
    );
    // Our server's exchange failed after the popup: still the Google message.
    expect(text(mapLoginError(new Error('Authentication required'), 'google'))).toBe(
      'Unable to sign in with Google. Please try again.',
    );
  });

  it('does not call a popup failure a password problem', () => {
    expect(mapLoginError(fb('auth/wrong-password'), 'google')).toBe('googleLoginFailed');
    expect(mapRegisterError(fb('auth/weak-password'), 'google')).toBe('googleRegisterFailed');
  });

  const identityCodes: [string, AuthErrorKey][] = [
    ['auth/popup-blocked', 'popupBlocked'],
    ['auth/popup-closed-by-user', 'popupClosed'],
    ['auth/cancelled-popup-request', 'popupCancelled'],
    ['auth/unauthorized-domain', 'unauthorizedDomain'],
    ['auth/network-request-failed', 'network'],
    ['auth/web-storage-unsupported', 'storage'],
    ['auth/operation-not-supported-in-this-environment', 'unsupportedEnvironment'],
    ['auth/invalid-api-key', 'invalidApiKey'],
    ['auth/auth-domain-config-required', 'authDomainConfig'],
    ['auth/internal-error', 'internal'],
    ['auth/too-many-requests', 'tooManyRequests'],
  ];
  it.each(identityCodes)('%s has a message of its own (%s) on both pages', (code, key) => {
    expect(mapLoginError(fb(code), 'google')).toBe(key);
    expect(mapRegisterError(fb(code), 'google')).toBe(key);
    expect(mapLoginError(fb(code))).toBe(key);
    expect(text(key)).toMatch(/\.$/);
  });

  it('gives every identity code listed in spec section 8 a distinct message', () => {
    const messages = identityCodes.map(([, key]) => text(key));
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) {
      expect(message).not.toBe(auth.errors.loginFailed);
      expect(message).not.toBe(auth.errors.googleLoginFailed);
    }
  });
});

describe('helpers', () => {
  it('reads only auth/ codes', () => {
    expect(authErrorCode(fb('auth/popup-blocked'))).toBe('auth/popup-blocked');
    expect(authErrorCode({ code: 'storage/unknown' })).toBeUndefined();
    expect(authErrorCode(null)).toBeUndefined();
    expect(authErrorCode('auth/popup-blocked')).toBeUndefined();
  });

  it('does not treat inherited object keys as codes', () => {
    expect(mapLoginError(fb('auth/constructor'))).toBe('loginFailed');
    expect(mapLoginError({ code: 'toString' })).toBe('loginFailed');
  });

  it('recognises a popup replaced by a newer one', () => {
    expect(isSupersededPopup(fb('auth/cancelled-popup-request'))).toBe(true);
    expect(isSupersededPopup(fb('auth/popup-closed-by-user'))).toBe(false);
  });
});

describe('mapResetError (Forgot password?)', () => {
  it('counts an unknown e-mail as sent, so the page never tells whether an address has an account', () => {
    expect(mapResetError(fb('auth/user-not-found'))).toBeNull();
  });

  it.each([
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/missing-email', 'Invalid email address format.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
    ['auth/network-request-failed', 'Could not reach the sign-in service. Check your connection and try again.'],
    ['auth/something-new', 'Could not send the reset e-mail. Please try again.'],
  ])('%s gives "%s"', (code, message) => {
    expect(text(mapResetError(fb(code))!)).toBe(message);
  });

  it('falls back to its own sentence for anything that is not an identity error', () => {
    expect(text(mapResetError(new Error('Failed to fetch'))!)).toBe(
      'Could not send the reset e-mail. Please try again.',
    );
  });
});
