import { z } from 'zod';

/** Spec section 5, "Password change". */
export const passwordMessages = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: 'Password must be at least 6 characters',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

export const PASSWORD_MIN = 6;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { error: passwordMessages.currentRequired }),
    newPassword: z
      .string()
      .min(1, { error: passwordMessages.newRequired, abort: true })
      .min(PASSWORD_MIN, { error: passwordMessages.tooShort }),
    confirmPassword: z.string().min(1, { error: passwordMessages.confirmRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: passwordMessages.mismatch,
    path: ['confirmPassword'],
  });

export type PasswordChange = z.infer<typeof passwordChangeSchema>;
