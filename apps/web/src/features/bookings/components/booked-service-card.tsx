import type { Booking } from '@meramot/shared';
import { CalendarDays, CheckCircle2, Clock, Mail, MapPin, Phone, Star, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { formatArea, formatDate, formatTaka } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { isEnded } from '../booking-status';
import { bookingEstimate, formatWhen } from '../lib/booking-text';
import { BookingCard, ViewDetailsButton } from './booking-card';
import { ContactFacts, EndedFacts, ReviewFacts, PhoneLink, providerPhoneOf } from './booking-contact';
import { BookingFact } from './booking-fact';
import { BookingProposals } from './booking-proposals';

interface Props {
  booking: Booking;
  eager?: boolean;
  cancelling: boolean;
  onCancel(booking: Booking): void;
  onReview(booking: Booking): void;
  /** View Details: every field of the booking in a dialog. */
  onView(booking: Booking): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

const icon = (Icon: typeof Clock) => <Icon className="size-4" aria-hidden="true" />;

/**
 * Booked Services: a booking with its window, where it happens, the provider's contact (their phone
 * once accepted), notes, Cancel, Call, View Details, Messages and Review; an ended one with its
 * reason and end.
 */
export function BookedServiceCard({ booking, eager, cancelling, onCancel, onReview, onView, messages }: Props) {
  const { t } = useTranslation('bookings');
  const { state } = booking;
  const ended = isEnded(booking);
  const phone = providerPhoneOf(booking);
  const notes = booking.specialInstruction || booking.customerNotes;
  const estimate = bookingEstimate(t, booking);
  // The clock read once, when the card mounts (a render reads no clock): whether the review can still
  // be edited. The server checks again on save.
  const [mountedAt] = useState(Date.now);
  const noPhoneNote = booking.contactShared ? t('actions.callUnavailable') : t('card.phoneAfterAccept');

  const actions = (
    <>
      {(state === 'pending' || state === 'accepted') && (
        <button type="button" className="btn btn-error btn-sm" onClick={() => onCancel(booking)} disabled={cancelling}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('actions.cancel')}
        </button>
      )}
      {!ended &&
        (phone ? (
          <a className="btn btn-outline btn-sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {icon(Phone)}
            {t('actions.call')}
          </a>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled
            aria-describedby={`no-phone-${booking._id}`}
          >
            {icon(Phone)}
            {t('actions.call')}
          </button>
        ))}
      <ViewDetailsButton booking={booking} onView={onView} />
      {messages}
      {state === 'completed' &&
        (booking.reviewed ? (
          <>
            <span className="badge badge-outline gap-1 self-center border-success py-3 text-green-800 dark:text-success">
              {icon(CheckCircle2)}
              {t('actions.reviewed')}
            </span>
            {booking.review && Date.parse(booking.review.editableUntil) > mountedAt && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => onReview(booking)}>
                {icon(Star)}
                {t('actions.editReview')}
              </button>
            )}
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onReview(booking)}>
            {icon(Star)}
            {t('actions.review')}
          </button>
        ))}
    </>
  );

  return (
    <BookingCard booking={booking} level="h2" image eager={eager} actions={actions}>
      <p className="text-sm text-base-content/80">{t(`statusDescription.${state}`)}</p>
      {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('card.serviceDeleted')}</p>}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <BookingFact label={t('card.price')}>
          <span className="font-bold text-primary">{formatTaka(booking.price)}</span>
        </BookingFact>
        <BookingFact label={t('card.area')} icon={icon(MapPin)}>
          {booking.serviceArea ? formatArea(booking.serviceArea) : t('card.noArea')}
        </BookingFact>
        <BookingFact label={t('card.bookedOn')} icon={icon(CalendarDays)}>
          {formatDate(booking.bookedAt)}
        </BookingFact>
        {booking.serviceTakingDate && (
          <BookingFact label={t('card.when')} icon={icon(CalendarDays)}>
            {formatWhen(t, booking)}
          </BookingFact>
        )}
        {estimate && (
          <BookingFact label={t('card.estimatedTime')} icon={icon(Clock)}>
            {estimate}
          </BookingFact>
        )}
        {state === 'completed' && booking.completedAt && (
          <BookingFact label={t('card.completedOn')} icon={icon(CheckCircle2)}>
            {formatDate(booking.completedAt)}
          </BookingFact>
        )}
        <ContactFacts booking={booking} viewer="customer" />
        <EndedFacts booking={booking} />
        <ReviewFacts booking={booking} />
      </dl>
      <section className="rounded-box bg-base-200 p-3" aria-label={t('card.provider')}>
        <div className="flex items-center gap-3">
          <Avatar src={booking.providerImage} alt={t('card.imageAlt', { name: booking.providerName })} size={40} />
          <div className="min-w-0 text-sm">
            <p className="text-xs text-base-content/80">{t('card.provider')}</p>
            <p className="font-semibold break-words">{booking.providerName}</p>
          </div>
        </div>
        <dl className="mt-2 grid gap-1 text-sm">
          <BookingFact label={t('card.phone')} icon={icon(Phone)}>
            {phone ? (
              <PhoneLink phone={phone} />
            ) : (
              <span id={`no-phone-${booking._id}`} className="text-base-content/80">
                {ended ? t('card.notProvided') : noPhoneNote}
              </span>
            )}
          </BookingFact>
          <BookingFact label={t('card.email')} icon={icon(Mail)}>
            <span className="break-all">{booking.providerEmail}</span>
          </BookingFact>
        </dl>
      </section>
      {notes && (
        <div className="text-sm">
          <p className="font-medium">{t('card.yourNotes')}</p>
          <p className="break-words whitespace-pre-line text-base-content/80">{notes}</p>
        </div>
      )}
      <BookingProposals booking={booking} viewer="customer" />
    </BookingCard>
  );
}
