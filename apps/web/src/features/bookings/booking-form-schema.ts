import { z } from 'zod';
import {
  addDays,
  ADDRESS_MAX,
  BOOKING_LOCATIONS,
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_WINDOW_NAMES,
  bdPhoneSchema,
  isIsoDate,
  SPECIAL_INSTRUCTION_MAX,
  windowProblem,
} from '@meramot/shared';
import { toLatinDigits } from '@/lib/format';

/**
 * The booking modal's editable fields. Messages are i18n keys of the booking namespace; `today` is
 * the current date in Asia/Dhaka (the server checks the same rules). The window must be one offered
 * on the day (the provider's hours: the default 09:00–21:00 until services carry theirs), at least
 * two hours ahead; for work at the customer's place an address and a Bangladeshi mobile number.
 */
export function bookingFormSchema(today: string, now: () => Date = () => new Date()) {
  return (
    z
      .object({
        serviceTakingDate: z
          .string()
          .trim()
          .min(1, { error: 'modal.dateRequired', abort: true })
          .refine(isIsoDate, { error: 'modal.dateInvalid', abort: true })
          .refine((d) => d >= today, { error: 'modal.datePast' })
          .refine((d) => d <= addDays(today, BOOKING_MAX_DAYS_AHEAD), { error: 'modal.dateTooFar' }),
        window: z.enum(BOOKING_WINDOW_NAMES, { error: 'modal.windowRequired' }),
        location: z.enum(BOOKING_LOCATIONS),
        address: z.string(),
        customerPhone: z.string(),
        specialInstruction: z.string().max(SPECIAL_INSTRUCTION_MAX, { error: 'modal.instructionTooLong' }),
      })
      // Runs with the other fields' errors too (`when`), so every error of the form shows at once.
      .superRefine(
        (values, ctx) => {
          const date = values.serviceTakingDate;
          if (typeof date === 'string' && isIsoDate(date) && date >= today && values.window) {
            const problem = windowProblem(date, values.window, null, now());
            if (problem) ctx.addIssue({ code: 'custom', path: ['window'], message: `modal.window.${problem}` });
          }
          if (values.location !== 'customer') return;
          const address = (values.address ?? '').trim();
          if (!address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'modal.addressRequired' });
          else if (address.length > ADDRESS_MAX)
            ctx.addIssue({ code: 'custom', path: ['address'], message: 'modal.addressTooLong' });
          const phone = toLatinDigits(values.customerPhone ?? '').trim();
          if (!phone) ctx.addIssue({ code: 'custom', path: ['customerPhone'], message: 'modal.phoneRequired' });
          else if (!bdPhoneSchema.safeParse(phone).success)
            ctx.addIssue({ code: 'custom', path: ['customerPhone'], message: 'modal.phoneInvalid' });
        },
        { when: () => true },
      )
  );
}

/** What the form holds (the window is empty until chosen). */
export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;
export type BookingFormValues = z.output<ReturnType<typeof bookingFormSchema>>;
