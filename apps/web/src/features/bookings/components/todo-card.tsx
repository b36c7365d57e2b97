import { BOOKING_STATUSES, type Booking, type BookingStatus } from '@meramot/shared';
import { Calendar, CheckCircle2, Clock, Image as ImageIcon, Mail, MessageSquare, Play, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { isEnded, stateKey } from '../booking-status';
import { formatWhen } from '../lib/booking-text';
import { BookingAnswer } from './booking-answer';
import { BookingCard, ViewDetailsButton } from './booking-card';
import { ContactFacts, EndedFacts, ReviewFacts } from './booking-contact';
import { BookingFact } from './booking-fact';
import { BookingProposals } from './booking-proposals';

interface Props {
  booking: Booking;
  /** Set while this booking's status is being saved. */
  updating: boolean;
  /** The status dropdown's choice (the page asks for confirmation first). */
  onChangeStatus(booking: Booking, status: BookingStatus): void;
  /** Start Work / Mark Complete: the next step at once. */
  onAdvance(booking: Booking, status: BookingStatus): void;
  /** View Details: every field of the booking in a dialog. */
  onView(booking: Booking): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

const icon = (Icon: typeof User) => <Icon className="size-4" aria-hidden="true" />;

/** The next step of an accepted or started booking (a pending one is answered first: Accept or Decline). */
function nextStep(booking: Booking): BookingStatus | null {
  if (booking.state === 'accepted') return 'working';
  if (booking.state === 'working') return 'completed';
  return null;
}

/**
 * A request on the to-do list: customer, window, where, contact (once accepted), instructions;
 * Accept / Decline while pending, then Start Work / Mark Complete and the status dropdown; View
 * Details, Email Customer and Messages.
 */
export function TodoCard({ booking, updating, onChangeStatus, onAdvance, onView, messages }: Props) {
  const { t } = useTranslation('bookings');
  const next = nextStep(booking);
  const final = booking.status === 'completed';
  const ended = isEnded(booking);
  // A pending booking is answered first (Accept or Decline); an accepted one moves on with the dropdown.
  const showStatus = !ended && booking.state !== 'pending';
  const selectId = `status-${booking._id}`;
  const subject = t('todo.emailSubject', { service: booking.serviceName });
  const mailto = `mailto:${booking.customerEmail}?subject=${encodeURIComponent(subject)}`;
  const actions = (
    <>
      {showStatus && (
        <div className="mr-auto flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-semibold">
            {t('card.status')}
          </label>
          <select
            id={selectId}
            className="select select-sm w-full sm:w-44"
            value={booking.status}
            disabled={final || updating}
            aria-describedby={final ? `${selectId}-final` : undefined}
            onChange={(e) => {
              const next = e.target.value as BookingStatus;
              // The dropdown keeps showing the booking's status until the change is confirmed and
              // saved (the reloaded booking then shows the new one): a refusal leaves it as it was.
              e.target.value = booking.status;
              onChangeStatus(booking, next);
            }}
          >
            {/* A status only moves forward (the server refuses a step back): offer this one and later. */}
            {BOOKING_STATUSES.slice(BOOKING_STATUSES.indexOf(booking.status)).map((s) => (
              <option key={s} value={s}>
                {t(stateKey(s === booking.status ? booking.state : s))}
              </option>
            ))}
          </select>
          {final && (
            <p id={`${selectId}-final`} className="text-xs text-base-content/80">
              {t('todo.final')}
            </p>
          )}
        </div>
      )}
      {/* The next step first, beside the status: the main thing to do on an accepted or started job. */}
      {next && (
        <button
          type="button"
          className={`btn btn-sm ${next === 'working' ? 'btn-primary' : 'btn-success'}`}
          disabled={updating}
          onClick={() => onAdvance(booking, next)}
        >
          {next === 'working' ? icon(Play) : icon(CheckCircle2)}
          {updating ? t('actions.updating') : next === 'working' ? t('actions.startWork') : t('actions.markComplete')}
        </button>
      )}
      <ViewDetailsButton booking={booking} onView={onView} />
      <a
        href={mailto}
        className="btn btn-outline btn-sm"
        aria-label={t('todo.emailCustomerOf', { name: booking.customerName, service: booking.serviceName })}
      >
        <Mail className="size-4" aria-hidden="true" />
        {t('todo.emailCustomer')}
      </a>
      {messages}
      <BookingAnswer booking={booking} />
    </>
  );
  return (
    <BookingCard booking={booking} level="h3" actions={actions}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <BookingFact label={t('card.customer')} icon={icon(User)}>
          {booking.customerName}
        </BookingFact>
        <BookingFact label={t('card.email')} icon={icon(Mail)}>
          {booking.customerEmail}
        </BookingFact>
        <BookingFact label={t('card.when')} icon={icon(Calendar)}>
          {formatWhen(t, booking)}
        </BookingFact>
        <BookingFact label={t('card.bookedOn')} icon={icon(Clock)}>
          {formatDate(booking.bookedAt)}
        </BookingFact>
        <ContactFacts booking={booking} viewer="provider" />
        <EndedFacts booking={booking} />
        <ReviewFacts booking={booking} />
        <BookingFact label={t('card.instructions')} icon={icon(MessageSquare)} wide>
          {booking.specialInstruction.trim() || t('card.noInstructions')}
        </BookingFact>
        {/* The customer's photos of the problem (issue 23): small, each opens larger. */}
        {(booking.photos?.length ?? 0) > 0 && (
          <BookingFact label={t('card.photos')} icon={icon(ImageIcon)} wide>
            <PhotoThumbnails photos={booking.photos} label={t('card.photos')} alt={t('card.photoAlt')} size="sm" />
          </BookingFact>
        )}
      </dl>
      <BookingProposals booking={booking} viewer="provider" />
    </BookingCard>
  );
}
