/**
 * Identity-service (Firebase Auth) failures as the keys of their messages in the `auth`
 * namespace (locales/en/auth.json, under `errors`). Pure: no i18n, no SDK import.
 *
 * Spec section 8 fixes the Login and Register texts; the other codes it lists get a message each.
 * Newer SDKs and projects with e-mail enumeration protection answer `auth/invalid-credential`
 * (older: `auth/invalid-login-credentials`) for both a wrong password and an unknown e-mail, so
 * those say "Incorrect email or password"; the Auth Emulator still answers `auth/wrong-password`
 * and `auth/user-not-found`.
 */

export type AuthErrorKey =
  | 'userNotFound'
  | 'wrongPassword'
  | 'invalidCredential'
  | 'invalidEmail'
  | 'userDisabled'
  | 'loginFailed'
  | 'googleLoginFailed'
  | 'emailInUse'
  | 'weakPassword'
  | 'registerFailed'
  | 'googleRegisterFailed'
  | 'popupBlocked'
  | 'popupClosed'
  | 'popupCancelled'
  | 'unauthorizedDomain'
  | 'network'
  | 'storage'
  | 'unsupportedEnvironment'
  | 'invalidApiKey'
  | 'authDomainConfig'
  | 'providerDisabled'
  | 'internal'
  | 'tooManyRequests'
  | 'resetFailed';

/** How the user tried: e-mail and password, or the Google popup. */
export type AuthMethod = 'password' | 'google';

/** Codes that mean the same whatever the screen. */
const commonCodes: Record<string, AuthErrorKey> = {
  'auth/popup-blocked': 'popupBlocked',
  'auth/popup-closed-by-user': 'popupClosed',
  'auth/cancelled-popup-request': 'popupCancelled',
  'auth/unauthorized-domain': 'unauthorizedDomain',
  'auth/network-request-failed': 'network',
  'auth/web-storage-unsupported': 'storage',
  'auth/operation-not-supported-in-this-environment': 'unsupportedEnvironment',
  'auth/invalid-api-key': 'invalidApiKey',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'invalidApiKey',
  'auth/auth-domain-config-required': 'authDomainConfig',
  'auth/operation-not-allowed': 'providerDisabled',
  'auth/internal-error': 'internal',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/user-disabled': 'userDisabled',
};

const loginCodes: Record<string, AuthErrorKey> = {
  'auth/user-not-found': 'userNotFound',
  'auth/wrong-password': 'wrongPassword',
  'auth/invalid-credential': 'invalidCredential',
  'auth/invalid-login-credentials': 'invalidCredential',
  'auth/invalid-email': 'invalidEmail',
};

const registerCodes: Record<string, AuthErrorKey> = {
  'auth/email-already-in-use': 'emailInUse',
  'auth/invalid-email': 'invalidEmail',
  'auth/weak-password': 'weakPassword',
};

const resetCodes: Record<string, AuthErrorKey> = {
  'auth/invalid-email': 'invalidEmail',
  'auth/missing-email': 'invalidEmail',
};

/** The `auth/...` code of a Firebase error, or undefined for anything else (e.g. our server's ApiError). */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

function lookup(error: unknown, table: Record<string, AuthErrorKey>): AuthErrorKey | undefined {
  const code = authErrorCode(error);
  if (!code) return undefined;
  return (
    (Object.hasOwn(table, code) ? table[code] : undefined) ??
    (Object.hasOwn(commonCodes, code) ? commonCodes[code] : undefined)
  );
}

/** The message key for a failed sign-in (Login page, or Google on either page's Login intent). */
export function mapLoginError(error: unknown, method: AuthMethod = 'password'): AuthErrorKey {
  if (method === 'google') return lookup(error, commonCodes) ?? 'googleLoginFailed';
  return lookup(error, loginCodes) ?? 'loginFailed';
}

/** The message key for a failed sign-up (Register page: e-mail and password, or Google). */
export function mapRegisterError(error: unknown, method: AuthMethod = 'password'): AuthErrorKey {
  if (method === 'google') return lookup(error, commonCodes) ?? 'googleRegisterFailed';
  return lookup(error, registerCodes) ?? 'registerFailed';
}

/**
 * The message key for a failed password-reset request, or null when it counts as sent. An unknown
 * e-mail counts as sent (the emulator and projects without e-mail enumeration protection answer
 * `auth/user-not-found`): the page must never tell whether an address has an account.
 */
export function mapResetError(error: unknown): AuthErrorKey | null {
  if (authErrorCode(error) === 'auth/user-not-found') return null;
  return lookup(error, resetCodes) ?? 'resetFailed';
}

/** True when a newer popup replaced this one (spec: a new popup cancels any earlier pending one): not worth a dialog. */
export function isSupersededPopup(error: unknown): boolean {
  return authErrorCode(error) === 'auth/cancelled-popup-request';
}
