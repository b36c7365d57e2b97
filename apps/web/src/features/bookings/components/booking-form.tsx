import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { SweetAlertIcon } from 'sweetalert2';
import {
  addDays,
  BOOKING_MAX_DAYS_AHEAD,
  dhakaDate,
  SPECIAL_INSTRUCTION_MAX,
  type Booking,
  type Service,
  type User,
} from '@meramot/shared';
import { showDialog } from '../../../lib/alerts';
import { errorKind } from '../../../lib/api-client';
import { displayNameOf, formatTaka } from '../../../lib/format';
import { newIdempotencyKey, useCreateBooking } from '../api/create-booking';
import { bookingFormSchema, DATE_REQUIRED, type BookingFormValues } from '../booking-form-schema';
import { isOwnService } from '../is-own-service';
import { SubmitButton } from '../../../components/ui/submit-button';

interface Props {
  service: Service;
  user: User;
  dialog: RefObject<HTMLDialogElement | null>;
  busy: RefObject<boolean>;
  onCancel(): void;
  onBooked(booking: Booking): void;
}

export function BookingForm({ service, user, dialog, busy, onCancel, onBooked }: Props) {
  const { t } = useTranslation('booking');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const today = dhakaDate();
  const schema = useMemo(() => bookingFormSchema(today), [today]);
  const { register, handleSubmit, formState } = useForm<BookingFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { serviceTakingDate: addDays(today, 1), specialInstruction: '' },
  });
  const booking = useCreateBooking();

  /**
   * A message over the modal (rendered inside the <dialog>, which is the top layer); afterwards
   * focus goes back into the form (to `focusTo`, else the submit button).
   */
  const say = async (
    title: string,
    text: string,
    icon: SweetAlertIcon = 'error',
    focusTo = 'button[type="submit"]',
  ) => {
    busy.current = true;
    try {
      await showDialog({ title, text, icon, target: dialog.current ?? 'body', returnFocus: false });
    } finally {
      busy.current = false;
      dialog.current?.querySelector<HTMLElement>(focusTo)?.focus();
    }
  };

  const submit = handleSubmit(
    async (values) => {
      if (isOwnService(user, service)) return say(t('dialogs.notAllowedTitle'), t('dialogs.notAllowedText'), 'warning');
      busy.current = true;
      try {
        const created = await booking.mutateAsync({
          idempotencyKey,
          booking: {
            serviceId: service._id,
            serviceTakingDate: values.serviceTakingDate,
            specialInstruction: values.specialInstruction.trim(),
          },
        });
        busy.current = false;
        onBooked(created);
      } catch (error) {
        if (errorKind(error) === 'auth') await say(t('dialogs.authFailedTitle'), t('dialogs.authFailedText'));
        else await say(t('dialogs.failedTitle'), (error as Error).message || t('dialogs.failedText'));
      } finally {
        busy.current = false;
      }
    },
    (errors) => {
      if (errors.serviceTakingDate?.message === DATE_REQUIRED) {
        void say(t('dialogs.dateRequiredTitle'), t('dialogs.dateRequiredText'), 'warning', 'input[type="date"]');
      }
    },
  );

  const dateError = formState.errors.serviceTakingDate?.message;
  const instructionError = formState.errors.specialInstruction?.message;
  const readOnly: Array<[string, string]> = [
    ['serviceName', service.serviceName],
    ['price', formatTaka(service.servicePrice)],
    ['providerName', service.providerName],
    ['providerEmail', service.providerEmail],
    ['yourName', displayNameOf(user)],
    ['yourEmail', user.email],
  ];

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {readOnly.map(([key, value]) => (
          <label key={key} className="flex min-w-0 flex-col gap-1">
            <span className="text-sm font-medium">{t(`modal.${key}`)}</span>
            <input className="input w-full bg-base-200" value={value} readOnly />
          </label>
        ))}
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('modal.serviceDate')}</span>
        <input
          type="date"
          className={`input w-full ${dateError && dateError !== DATE_REQUIRED ? 'input-error' : ''}`}
          min={today}
          max={addDays(today, BOOKING_MAX_DAYS_AHEAD)}
          aria-invalid={!!dateError}
          aria-describedby={dateError && dateError !== DATE_REQUIRED ? 'booking-date-error' : undefined}
          {...register('serviceTakingDate')}
        />
        {dateError && dateError !== DATE_REQUIRED && (
          <span id="booking-date-error" className="text-sm text-error">
            {t(dateError, { days: BOOKING_MAX_DAYS_AHEAD })}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">
          {t('modal.specialInstruction')}{' '}
          <span className="font-normal text-base-content/70">{t('modal.optional')}</span>
        </span>
        <textarea
          className={`textarea w-full ${instructionError ? 'textarea-error' : ''}`}
          rows={3}
          maxLength={SPECIAL_INSTRUCTION_MAX}
          placeholder={t('modal.instructionPlaceholder')}
          aria-invalid={!!instructionError}
          {...register('specialInstruction')}
        />
        {instructionError && (
          <span className="text-sm text-error">{t(instructionError, { max: SPECIAL_INSTRUCTION_MAX })}</span>
        )}
      </label>
      <div className="modal-action mt-2 flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={booking.isPending}>
          {t('modal.cancel')}
        </button>
        <SubmitButton busy={booking.isPending} busyLabel={t('modal.processing')}>
          {t('modal.confirm')}
        </SubmitButton>
      </div>
    </form>
  );
}
