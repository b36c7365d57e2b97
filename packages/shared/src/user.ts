import { z } from 'zod';
import { PERSON_NAME_MAX } from './constants';
import { CONTROL_CHARACTERS_MESSAGE, idSchema, optionalUrlSchemaWith, SINGLE_LINE_TEXT } from './common';

/** `POST /api/auth/firebase-login`. Only idToken is trusted; the rest is accepted and ignored. */
export const firebaseLoginSchema = z
  .strictObject({
    idToken: z.string({ error: 'idToken is required' }).min(1, { error: 'idToken is required' }).max(8192),
    uid: z.unknown().optional(),
    email: z.unknown().optional(),
    displayName: z.unknown().optional(),
    photoURL: z.unknown().optional(),
    emailVerified: z.unknown().optional(),
  })
  .meta({ id: 'FirebaseLogin' });

export const userSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    phone: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const loginAnswerSchema = z.object({ token: z.string(), user: userSchema }).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A Bangladeshi mobile number: 01XXXXXXXXX, optionally with +880 / 880 in front. */
export const BD_PHONE_PATTERN = /^(?:\+?880|0)1[3-9]\d{8}$/;

export const profileMessages = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${PERSON_NAME_MAX} characters.`,
  invalidUrl: 'Please enter a valid URL',
  invalidPhone: 'Please enter a Bangladeshi mobile number, e.g. 01712345678',
} as const;

/**
 * `PUT /api/users/me` and the Profile Information form. A photo URL or phone left out keeps its
 * value (the spec's form sends no phone); empty text or null clears it.
 */
export const profileUpdateSchema = z
  .strictObject({
    displayName: z
      .string({ error: profileMessages.displayNameRequired })
      .trim()
      .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
      .min(1, { error: profileMessages.displayNameRequired })
      // Its own message: without one, zod v4 would report the schema's "required" error.
      .max(PERSON_NAME_MAX, { error: profileMessages.displayNameTooLong }),
    photoURL: optionalUrlSchemaWith(profileMessages.invalidUrl).optional(),
    /** An uploaded photo (issue 23) as the profile photo: photoURL becomes its URL; null removes it. */
    photoId: idSchema.nullish(),
    phone: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .transform((v) => v.replace(/[\s-]/g, ''))
          .pipe(z.string().regex(BD_PHONE_PATTERN, { error: profileMessages.invalidPhone })),
      ])
      .nullish()
      .transform((v) => (v ? v : null))
      .optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
