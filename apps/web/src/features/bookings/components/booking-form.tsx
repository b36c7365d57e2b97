import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { SweetAlertIcon } from 'sweetalert2';
import {
  addDays,
  ADDRESS_MAX,
  BOOKING_MAX_DAYS_AHEAD,
  dhakaDate,
  isIsoDate,
  MIN_NOTICE_MINUTES,
  PHOTOS_PER_BOOKING,
  SPECIAL_INSTRUCTION_MAX,
  windowsFor,
  type Booking,
  type Photo,
  type Service,
  type User,
} from '@meramot/shared';
import { showDialog } from '@/lib/alerts';
import { errorKind } from '@/lib/api-client';
import { displayNameOf, formatTaka, toLatinDigits } from '@/lib/format';
import { newIdempotencyKey, useCreateBooking } from '../api/create-booking';
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from '../booking-form-schema';
import { isOwnService } from '../is-own-service';
import { SubmitButton } from '@/components/ui/submit-button';
import { LazyPhotoPicker } from '@/components/photos/lazy-photo-picker';
import { WindowChoices } from './window-choices';

interface Props {
  service: Service;
  user: User;
  dialog: RefObject<HTMLDialogElement | null>;
  busy: RefObject<boolean>;
  onCancel(): void;
  onBooked(booking: Booking): void;
}

/** The fields in the order of the form: the first with an error gets the focus. */
const FIELD_ORDER = [
  'serviceTakingDate',
  'window',
  'location',
  'address',
  'customerPhone',
  'specialInstruction',
] as const;

/** A field's error under it, announced (the describedby target of the field). */
function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-error">
      {children}
    </p>
  );
}

export function BookingForm({ service, user, dialog, busy, onCancel, onBooked }: Props) {
  const { t } = useTranslation('booking');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const today = dhakaDate();
  const schema = useMemo(() => bookingFormSchema(today), [today]);
  const { register, handleSubmit, formState, control, getValues, setValue } = useForm<
    BookingFormInput,
    unknown,
    BookingFormValues
  >({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: {
      serviceTakingDate: addDays(today, 1),
      location: service.bookingTerms?.workLocation === 'customer' ? 'customer' : 'shop',
      address: '',
      customerPhone: user.phone ?? '',
      specialInstruction: '',
    },
  });
  const booking = useCreateBooking();
  // Photos of the problem (issue 23), uploaded as they are chosen; the request takes them by id.
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [date, location, address] = useWatch({ control, name: ['serviceTakingDate', 'location', 'address'] });
  // The windows offered that day, cut to the provider's weekly hours.
  const hours = service.bookingTerms?.weeklyHours ?? null;
  const offered = useMemo(
    () => new Map(isIsoDate(date) ? windowsFor(date, hours).map((w) => [w.name, w] as const) : []),
    [date, hours],
  );
  // Where the work may happen: both, or only the one the provider offers.
  const places = (['shop', 'customer'] as const).filter(
    (p) =>
      !service.bookingTerms ||
      service.bookingTerms.workLocation === 'either' ||
      service.bookingTerms.workLocation === p,
  );

  // A window chosen, then made unavailable by another day, is unchosen.
  useEffect(() => {
    const chosen = getValues('window');
    if (chosen && isIsoDate(date) && !offered.has(chosen))
      setValue('window', undefined as unknown as BookingFormInput['window']);
  }, [date, offered, getValues, setValue]);

  /**
   * A message over the modal (rendered inside the <dialog>, which is the top layer); afterwards
   * focus goes back into the form (to the submit button).
   */
  const say = async (title: string, text: string, icon: SweetAlertIcon = 'error') => {
    busy.current = true;
    try {
      await showDialog({ title, text, icon, target: dialog.current ?? 'body', returnFocus: false });
    } finally {
      busy.current = false;
      dialog.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    }
  };

  /** Focus to the first field with an error (the first choosable radio of a group). */
  const focusFirstError = (errors: FieldErrors<BookingFormInput>) => {
    const name = FIELD_ORDER.find((field) => errors[field]);
    if (!name) return;
    const target = dialog.current?.querySelector<HTMLElement>(`[name="${name}"]:not([disabled])`);
    target?.focus();
  };

  const submit = handleSubmit(async (values) => {
    if (isOwnService(user, service)) return say(t('dialogs.notAllowedTitle'), t('dialogs.notAllowedText'), 'warning');
    if (uploading) {
      setPhotosError(t('modal.photosUploading'));
      dialog.current?.querySelector<HTMLElement>('#booking-photos')?.focus();
      return;
    }
    busy.current = true;
    try {
      const atCustomer = values.location === 'customer';
      const created = await booking.mutateAsync({
        idempotencyKey,
        booking: {
          serviceId: service._id,
          serviceTakingDate: values.serviceTakingDate,
          specialInstruction: values.specialInstruction.trim(),
          window: values.window,
          location: values.location,
          ...(atCustomer && {
            address: values.address.trim(),
            customerPhone: toLatinDigits(values.customerPhone).replace(/[\s-]/g, ''),
          }),
          ...(photos.length > 0 && { photoIds: photos.map((p) => p.id) }),
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
  }, focusFirstError);

  const { errors } = formState;
  const message = (key: string | undefined) =>
    key &&
    t(key, {
      days: BOOKING_MAX_DAYS_AHEAD,
      max: key === 'modal.instructionTooLong' ? SPECIAL_INSTRUCTION_MAX : ADDRESS_MAX,
      hours: MIN_NOTICE_MINUTES / 60,
    });
  const dateError = message(errors.serviceTakingDate?.message);
  const windowError = message(errors.window?.message);
  const addressError = message(errors.address?.message);
  const phoneError = message(errors.customerPhone?.message);
  const instructionError = message(errors.specialInstruction?.message);
  const describe = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;
  const noWindows = isIsoDate(date) && !dateError && offered.size === 0;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-4">
      {/* The service's facts in a few lines, so Confirm stays near on a phone. */}
      <dl aria-label={t('modal.summaryLabel')} className="grid gap-1 rounded-box bg-base-200 p-3 text-sm">
        <div>
          <dt className="sr-only">{t('modal.serviceName')}</dt>
          <dd className="min-w-0 break-words">
            <span className="font-semibold">{service.serviceName}</span>{' '}
            <span className="font-bold whitespace-nowrap text-primary">{formatTaka(service.servicePrice)}</span>
          </dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-1">
          <dt className="text-base-content/80">{t('modal.provider')}:</dt>
          <dd className="min-w-0 break-words">
            {service.providerName} <span className="break-all text-base-content/80">({service.providerEmail})</span>
          </dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-1">
          <dt className="text-base-content/80">{t('modal.you')}:</dt>
          <dd className="min-w-0 break-words">
            {displayNameOf(user)} <span className="break-all text-base-content/80">({user.email})</span>
          </dd>
        </div>
      </dl>

      <div className="flex flex-col gap-1">
        <label htmlFor="booking-date" className="text-sm font-medium">
          {t('modal.serviceDate')}
        </label>
        <input
          id="booking-date"
          type="date"
          className={`input w-full ${dateError ? 'input-error' : ''}`}
          min={today}
          max={addDays(today, BOOKING_MAX_DAYS_AHEAD)}
          aria-invalid={!!dateError}
          aria-describedby={dateError ? 'booking-date-error' : undefined}
          {...register('serviceTakingDate')}
        />
        <FieldError id="booking-date-error">{dateError}</FieldError>
      </div>

      <WindowChoices
        id="booking-window"
        t={t}
        legend={t('modal.window.legend')}
        offered={offered}
        none={noWindows ? t('modal.window.none') : null}
        error={windowError}
        radio={() => register('window')}
        layout="row"
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('modal.location.legend')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {places.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" className="radio radio-sm radio-primary" value={value} {...register('location')} />
              {t(`modal.location.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {location === 'customer' && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="booking-address" className="text-sm font-medium">
              {t('modal.address')}
            </label>
            <textarea
              id="booking-address"
              className={`textarea w-full ${addressError ? 'textarea-error' : ''}`}
              rows={2}
              maxLength={ADDRESS_MAX}
              autoComplete="street-address"
              placeholder={t('modal.addressPlaceholder')}
              aria-invalid={!!addressError}
              aria-describedby={describe('booking-address-count', addressError && 'booking-address-error')}
              {...register('address')}
            />
            <div className="flex flex-wrap items-start justify-between gap-2">
              <FieldError id="booking-address-error">{addressError}</FieldError>
              <span id="booking-address-count" className="ml-auto text-xs text-base-content/80">
                {t('modal.count', { count: (address ?? '').length, max: ADDRESS_MAX })}
              </span>
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="booking-phone" className="text-sm font-medium">
              {t('modal.phone')}
            </label>
            <input
              id="booking-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              className={`input w-full ${phoneError ? 'input-error' : ''}`}
              aria-invalid={!!phoneError}
              aria-describedby={describe('booking-phone-hint', phoneError && 'booking-phone-error')}
              {...register('customerPhone')}
            />
            <p id="booking-phone-hint" className="text-xs text-base-content/80">
              {t('modal.phoneHint')}
            </p>
            <FieldError id="booking-phone-error">{phoneError}</FieldError>
          </div>
        </>
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor="booking-instruction" className="text-sm font-medium">
          {t('modal.specialInstruction')}{' '}
          <span className="font-normal text-base-content/70">{t('modal.optional')}</span>
        </label>
        <textarea
          id="booking-instruction"
          className={`textarea w-full ${instructionError ? 'textarea-error' : ''}`}
          rows={2}
          maxLength={SPECIAL_INSTRUCTION_MAX}
          placeholder={t('modal.instructionPlaceholder')}
          aria-invalid={!!instructionError}
          aria-describedby={instructionError ? 'booking-instruction-error' : undefined}
          {...register('specialInstruction')}
        />
        <FieldError id="booking-instruction-error">{instructionError}</FieldError>
      </div>

      <LazyPhotoPicker
        id="booking-photos"
        label={
          <>
            {t('modal.photos')} <span className="font-normal text-base-content/70">{t('modal.optional')}</span>
          </>
        }
        hint={t('modal.photosHint')}
        value={photos}
        onChange={(next) => {
          setPhotos(next);
          setPhotosError(undefined);
        }}
        max={PHOTOS_PER_BOOKING}
        allowCamera
        error={photosError}
        onBusyChange={(busy) => {
          setUploading(busy);
          if (!busy) setPhotosError(undefined);
        }}
      />
      <div className="modal-action mt-0 flex-col-reverse gap-2 sm:flex-row">
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
