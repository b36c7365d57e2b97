import { BD_PHONE_PATTERN } from '@meramot/shared';
import { ApiError } from '@/lib/api-client';
import { authErrorCode } from '@/lib/auth-errors';
import { toLatinDigits } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/** How long the success toasts stay. */
export const TOAST_MS = 2500;

/** A typed Bangladeshi mobile number (Bengali digits, spaces and dashes allowed) as +8801XXXXXXXXX; null when it is not one. */
export function toE164(typed: string): string | null {
  const number = toLatinDigits(typed).replace(/[\s-]/g, '');
  if (!BD_PHONE_PATTERN.test(number)) return null;
  return `+880${number.replace(/^(?:\+?880|0)/, '')}`;
}

/** A typed 6-digit code (Bengali digits allowed), or null. */
export function toCode(typed: string): string | null {
  const code = toLatinDigits(typed).replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** +8801712345678 shown as +880 1712-345678, in Bengali digits in Bangla. */
export function formatPhone(e164: string, language: Language): string {
  const match = /^\+880(\d{4})(\d{6})$/.exec(e164);
  const text = match ? `+880 ${match[1]}-${match[2]}` : e164;
  return language === 'bn' ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d))) : text;
}

/** Why verifying did not work: the key of its message under phone.errors, or the server's own sentence. */
export type PhoneFailure = { key: PhoneErrorKey } | { sentence: string };
export type PhoneErrorKey =
  | 'invalidPhone'
  | 'wrongCode'
  | 'codeExpired'
  | 'inUse'
  | 'tooManyRequests'
  | 'quota'
  | 'network'
  | 'captcha'
  | 'signInAgain'
  | 'failed';

const codes: Record<string, PhoneErrorKey> = {
  'auth/invalid-phone-number': 'invalidPhone',
  'auth/missing-phone-number': 'invalidPhone',
  'auth/invalid-verification-code': 'wrongCode',
  'auth/missing-verification-code': 'wrongCode',
  'auth/code-expired': 'codeExpired',
  'auth/session-expired': 'codeExpired',
  'auth/invalid-verification-id': 'codeExpired',
  'auth/credential-already-in-use': 'inUse',
  'auth/account-exists-with-different-credential': 'inUse',
  'auth/provider-already-linked': 'inUse',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/quota-exceeded': 'quota',
  'auth/network-request-failed': 'network',
  'auth/captcha-check-failed': 'captcha',
  'auth/invalid-app-credential': 'captcha',
  'auth/missing-app-credential': 'captcha',
  'auth/requires-recent-login': 'signInAgain',
  'auth/user-token-expired': 'signInAgain',
  'auth/user-mismatch': 'signInAgain',
  'auth/no-current-user': 'signInAgain',
};

/** A failure of the Firebase phone sign-in or of our server, as something to show. */
export function phoneFailure(error: unknown): PhoneFailure {
  if (error instanceof ApiError) return error.kind === 'network' ? { key: 'network' } : { sentence: error.message };
  const code = authErrorCode(error);
  return { key: (code && Object.hasOwn(codes, code) ? codes[code] : undefined) ?? 'failed' };
}
