import { z } from 'zod';
import { addDays, BOOKING_MAX_DAYS_AHEAD, isIsoDate, SPECIAL_INSTRUCTION_MAX } from '@meramot/shared';

/** Error code of an empty date: answered by the 'Date Required' dialog instead of an inline error. */
export const DATE_REQUIRED = 'dateRequired';

/**
 * The booking modal's editable fields. Messages are i18n keys of the booking namespace; `today` is
 * the current date in Asia/Dhaka (the server checks the same rule).
 */
export function bookingFormSchema(today: string) {
  return z.object({
    serviceTakingDate: z
      .string()
      .trim()
      .min(1, { error: DATE_REQUIRED, abort: true })
      .refine(isIsoDate, { error: 'modal.dateInvalid', abort: true })
      .refine((d) => d >= today, { error: 'modal.datePast' })
      .refine((d) => d <= addDays(today, BOOKING_MAX_DAYS_AHEAD), { error: 'modal.dateTooFar' }),
    specialInstruction: z.string().max(SPECIAL_INSTRUCTION_MAX, { error: 'modal.instructionTooLong' }),
  });
}

export type BookingFormValues = z.infer<ReturnType<typeof bookingFormSchema>>;
