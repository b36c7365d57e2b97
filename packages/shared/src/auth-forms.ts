import { z } from 'zod';
import { PERSON_NAME_MAX } from './constants';
import { optionalUrlSchemaWith } from './common';

/** Minimum length of a sign-up password (spec section 9: 6+ characters with upper and lower case). */
export const SIGNUP_PASSWORD_MIN = 6;

/** The Login and Register forms' messages, exactly as spec section 5 words them. */
export const authFormMessages = {
  missingFields: 'Please fill in all fields.',
  missingRequiredFields: 'Please fill in all required fields.',
  passwordTooShort: `Password must be at least ${SIGNUP_PASSWORD_MIN} characters long.`,
  passwordCase: 'Password must contain at least one uppercase and one lowercase letter.',
  invalidUrl: 'Invalid URL',
  nameTooLong: `Full name must be at most ${PERSON_NAME_MAX} characters.`,
} as const;
export type AuthFormMessageKey = keyof typeof authFormMessages;

/** The key of a message of `authFormMessages` (for translation), or undefined for another text. */
export function authFormMessageKey(message: string | undefined): AuthFormMessageKey | undefined {
  return (Object.keys(authFormMessages) as AuthFormMessageKey[]).find((key) => authFormMessages[key] === message);
}

const HAS_UPPER = /\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;

/** True when the password has at least one uppercase and one lowercase letter. */
export const hasMixedCase = (password: string) => HAS_UPPER.test(password) && HAS_LOWER.test(password);

/** The Login form: e-mail and password required ("Missing Information"); the rest is the identity service's call. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, { error: authFormMessages.missingFields }),
  password: z.string().min(1, { error: authFormMessages.missingFields }),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

/** The Register form. The photo URL is optional (empty means none); e-mail format is the identity service's call. */
export const registerSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: authFormMessages.missingRequiredFields })
    .max(PERSON_NAME_MAX, { error: authFormMessages.nameTooLong }),
  email: z.string().trim().min(1, { error: authFormMessages.missingRequiredFields }),
  photoURL: optionalUrlSchemaWith(authFormMessages.invalidUrl),
  password: z
    .string()
    .min(1, { error: authFormMessages.missingRequiredFields, abort: true })
    .min(SIGNUP_PASSWORD_MIN, { error: authFormMessages.passwordTooShort, abort: true })
    .refine(hasMixedCase, { error: authFormMessages.passwordCase }),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
