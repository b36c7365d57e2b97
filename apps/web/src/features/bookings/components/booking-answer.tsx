import { DECLINE_REASON_MAX, type Booking } from '@meramot/shared';
import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/alerts';
import { ApiError } from '@/lib/api-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useAcceptBooking, useDeclineBooking } from '../api/answer-booking';

/** The server's sentence (in the language in use, from Accept-Language), or ours without an answer. */
const failure = (t: TFunction, error: unknown) =>
  error instanceof ApiError && error.kind !== 'network' ? error.message : t('answer.failed');

/**
 * The provider's answer to a booking: Accept (a pending one) and Decline (pending or accepted).
 * Decline opens an inline form under the buttons asking the reason the customer will read. A
 * failure shows inline, under the buttons.
 */
export function BookingAnswer({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const id = `decline-${booking._id}`;
  const busy = accept.isPending || decline.isPending;

  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  if (booking.state !== 'pending' && booking.state !== 'accepted') return null;

  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync(booking._id);
      void toast(t('answer.acceptedTitle'), t('answer.acceptedText', { name: booking.customerName }), 2500);
    } catch (e) {
      setError(failure(t, e));
    }
  };

  const close = () => {
    setOpen(false);
    setReason('');
    setReasonError(null);
    declineButton.current?.focus();
  };

  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = reason.trim();
    const problem = !text
      ? t('decline.reasonRequired')
      : text.length > DECLINE_REASON_MAX
        ? t('decline.reasonTooLong', { max: DECLINE_REASON_MAX })
        : null;
    setReasonError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    try {
      await decline.mutateAsync({ id: booking._id, reason: text });
      setOpen(false);
      void toast(t('answer.declinedTitle'), t('answer.declinedText', { name: booking.customerName }), 2500);
    } catch (e) {
      setError(failure(t, e));
      field.current?.focus();
    }
  };

  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        {booking.state === 'pending' && (
          <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => void onAccept()}>
            {accept.isPending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : (
              <Check className="size-4" aria-hidden="true" />
            )}
            {accept.isPending ? t('actions.accepting') : t('actions.accept')}
          </button>
        )}
        <button
          ref={declineButton}
          type="button"
          className="btn btn-sm btn-outline btn-error"
          disabled={busy}
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <X className="size-4" aria-hidden="true" />
          {t('actions.decline')}
        </button>
      </div>
      {open && (
        <form
          id={id}
          noValidate
          onSubmit={(e) => void onDecline(e)}
          className="flex flex-col gap-2 rounded-box bg-base-200 p-3"
        >
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            {t('decline.label')}
          </label>
          <textarea
            ref={field}
            id={`${id}-reason`}
            className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={DECLINE_REASON_MAX}
            required
            value={reason}
            aria-invalid={!!reasonError}
            aria-describedby={`${id}-count${reasonError ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              if (reasonError) setReasonError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
          />
          <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
            {reasonError ? (
              <p id={`${id}-error`} role="alert" className="text-error">
                {reasonError}
              </p>
            ) : (
              <span />
            )}
            <span id={`${id}-count`} className="text-base-content/80">
              {t('decline.count', { count: reason.length, max: DECLINE_REASON_MAX })}
            </span>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-ghost btn-sm" onClick={close} disabled={decline.isPending}>
              {t('decline.back')}
            </button>
            <button type="submit" className="btn btn-error btn-sm" disabled={decline.isPending}>
              {decline.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {decline.isPending ? t('decline.sending') : t('decline.submit')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
