import {
  addDays,
  BOOKING_MAX_DAYS_AHEAD,
  dhakaDate,
  isIsoDate,
  windowsFor,
  type Booking,
  type BookingProposal,
  type BookingWindowName,
} from '@meramot/shared';
import { CalendarClock, Check, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useAnswerProposal, useProposeTime } from '../api/answer-booking';
import { formatDay, windowLabel } from '../lib/booking-text';
import { WindowChoices } from './window-choices';

type Party = BookingProposal['by'];

interface Props {
  booking: Booking;
  /** Who is looking: the booking's customer or its provider (a proposal of theirs is "mine"). */
  viewer: Party;
  /** Only the history (View Details): no form and no answers. */
  readOnly?: boolean;
}

/** The server's sentence (in the language in use, from Accept-Language), or ours without an answer. */
const failure = (t: TFunction, error: unknown) =>
  error instanceof ApiError && error.kind !== 'network' ? error.message : t('proposals.failed');

/** "Wed 26 Nov, Morning 09:00–12:00". */
const proposalWhen = (t: TFunction, p: BookingProposal) =>
  t('card.window', {
    date: formatDay(p.window.date),
    window: windowLabel(t, p.window.name, p.window.from, p.window.to),
  });

const canPropose = (booking: Booking) => booking.state === 'pending' || booking.state === 'accepted';

/**
 * Another time for a booking not yet started (issue 20): the proposals so far (oldest first, with
 * what became of each), Accept / Decline of the other party's open one (or "Waiting for an answer"
 * under one's own), and "Propose another time", an inline form (a day and one of the three windows
 * cut to the default hours: the booking does not carry the provider's; the server checks the real
 * ones and its sentence shows under the form).
 */
export function BookingProposals({ booking, viewer, readOnly = false }: Props) {
  const { t } = useTranslation('bookings');
  const answer = useAnswerProposal();
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = `propose-${booking._id}`;
  const { proposals } = booking;
  const pending = proposals.find((p) => p.status === 'open');
  const active = canPropose(booking);
  if (!proposals.length && (readOnly || !active)) return null;

  const onAnswer = async (proposal: BookingProposal, choice: 'accept' | 'decline') => {
    setError(null);
    try {
      await answer.mutateAsync({ id: booking._id, proposalId: proposal.id, answer: choice });
      // The answer buttons are gone: focus stays in the card, on "Propose another time".
      toggle.current?.focus();
    } catch (e) {
      setError(failure(t, e));
    }
  };

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="flex flex-col gap-2 text-sm">
      {proposals.length > 0 && (
        <div>
          <p id={`${id}-history`} className="font-medium">
            {t('proposals.history')}
          </p>
          <ol aria-labelledby={`${id}-history`} className="mt-1 flex flex-col gap-1">
            {proposals.map((p) => (
              <li key={p.id} className="break-words text-base-content/80">
                {t('proposals.item', {
                  who: t(p.by === viewer ? 'proposals.byMe' : `proposals.by.${p.by}`),
                  when: proposalWhen(t, p),
                  status: t(`proposals.status.${p.status}`),
                })}
              </li>
            ))}
          </ol>
        </div>
      )}
      {!readOnly && active && pending && pending.by === viewer && (
        <p className="font-medium">{t('proposals.waiting', { when: proposalWhen(t, pending) })}</p>
      )}
      {!readOnly && active && pending && pending.by !== viewer && (
        <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3">
          <p className="font-medium">{t(`proposals.asked.${pending.by}`, { when: proposalWhen(t, pending) })}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={answer.isPending}
              onClick={() => void onAnswer(pending, 'accept')}
            >
              <Check className="size-4" aria-hidden="true" />
              {t('proposals.accept')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error"
              disabled={answer.isPending}
              onClick={() => void onAnswer(pending, 'decline')}
            >
              <X className="size-4" aria-hidden="true" />
              {t('proposals.decline')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {!readOnly && active && (
        <>
          <div className="flex justify-end">
            <button
              ref={toggle}
              type="button"
              className="btn btn-sm btn-outline"
              aria-expanded={open}
              aria-controls={open ? id : undefined}
              onClick={() => (open ? close() : setOpen(true))}
            >
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('proposals.propose')}
            </button>
          </div>
          {open && <ProposalForm id={id} booking={booking} onDone={close} />}
        </>
      )}
    </div>
  );
}

/**
 * The windows offered on `date`. The booking does not carry the provider's hours: the default ones
 * (null); the server checks the real ones.
 */
const offeredOn = (date: string) =>
  new Map(isIsoDate(date) ? windowsFor(date, null).map((w) => [w.name, w] as const) : []);

interface FormProps {
  id: string;
  booking: Booking;
  onDone(): void;
}

/** The inline form of "Propose another time": a day (today … a year ahead in Asia/Dhaka) and a window. */
function ProposalForm({ id, booking, onDone }: FormProps) {
  const { t } = useTranslation('bookings');
  const propose = useProposeTime();
  const today = dhakaDate();
  const last = addDays(today, BOOKING_MAX_DAYS_AHEAD);
  const [date, setDate] = useState(() => addDays(today, 1));
  const [chosen, setChosen] = useState<BookingWindowName | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [windowError, setWindowError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dateField = useRef<HTMLInputElement>(null);
  const windowGroup = useRef<HTMLFieldSetElement>(null);
  const offered = useMemo(() => offeredOn(date), [date]);
  const validDate = isIsoDate(date) && date >= today && date <= last;
  const noWindows = validDate && offered.size === 0;

  useEffect(() => {
    dateField.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const dateProblem = !date
      ? t('proposals.dateRequired')
      : !isIsoDate(date)
        ? t('proposals.dateInvalid')
        : date < today
          ? t('proposals.datePast')
          : date > last
            ? t('proposals.dateTooFar', { days: BOOKING_MAX_DAYS_AHEAD })
            : null;
    const windowProblem = !dateProblem && !chosen ? t('proposals.windowRequired') : null;
    setDateError(dateProblem);
    setWindowError(windowProblem);
    if (dateProblem) return dateField.current?.focus();
    if (windowProblem || !chosen) {
      windowGroup.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
      return;
    }
    try {
      await propose.mutateAsync({ id: booking._id, serviceTakingDate: date, window: chosen });
      onDone();
    } catch (e) {
      setError(failure(t, e));
      windowGroup.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    }
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-3 rounded-box bg-base-200 p-3"
      aria-label={t('proposals.formLabel')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        }
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-date`} className="font-medium">
          {t('proposals.date')}
        </label>
        <input
          ref={dateField}
          id={`${id}-date`}
          type="date"
          className={`input w-full ${dateError ? 'input-error' : ''}`}
          min={today}
          max={last}
          value={date}
          aria-invalid={!!dateError}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setDateError(null);
            // A window chosen, then made unavailable by another day, is unchosen.
            if (chosen && !offeredOn(e.target.value).has(chosen)) setChosen(null);
          }}
        />
        {dateError && (
          <p id={`${id}-date-error`} role="alert" className="text-error">
            {dateError}
          </p>
        )}
      </div>
      <WindowChoices
        id={`${id}-window`}
        t={t}
        legend={t('proposals.window')}
        offered={offered}
        none={noWindows ? t('proposals.noWindows') : null}
        error={windowError}
        radio={(name) => ({
          name: `${id}-window`,
          checked: chosen === name,
          onChange: () => {
            setChosen(name);
            setWindowError(null);
          },
        })}
        layout="stack"
        fieldsetRef={windowGroup}
      />
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={propose.isPending}>
          {t('proposals.back')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={propose.isPending}>
          {propose.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {propose.isPending ? t('proposals.sending') : t('proposals.submit')}
        </button>
      </div>
    </form>
  );
}
