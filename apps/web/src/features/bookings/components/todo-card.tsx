import { BOOKING_STATUSES, type Booking, type BookingStatus } from '@meramot/shared';
import { Calendar, Clock, Mail, MessageSquare, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { isEnded, stateKey } from '../booking-status';
import { formatWhen } from '../lib/booking-text';
import { BookingAnswer } from './booking-answer';
import { BookingCard } from './booking-card';
import { ContactFacts, EndedFacts, ReviewFacts } from './booking-contact';
import { BookingFact } from './booking-fact';
import { BookingProposals } from './booking-proposals';

interface Props {
  booking: Booking;
  updating: boolean;
  onChangeStatus(booking: Booking, status: BookingStatus): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

const icon = (Icon: typeof User) => <Icon className="size-4" aria-hidden="true" />;

/**
 * A request on the to-do list: customer, window, where, contact (once accepted), instructions;
 * Accept / Decline while pending, then the status dropdown; Email Customer and Messages.
 */
export function TodoCard({ booking, updating, onChangeStatus, messages }: Props) {
  const { t } = useTranslation('bookings');
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
            onChange={(e) => onChangeStatus(booking, e.target.value as BookingStatus)}
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
      </dl>
      <BookingProposals booking={booking} viewer="provider" />
    </BookingCard>
  );
}
