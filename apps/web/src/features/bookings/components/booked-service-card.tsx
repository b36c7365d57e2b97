import { DEFAULT_PROVIDER_PHONE, type Booking } from '@meramot/shared';
import { CalendarDays, CheckCircle2, Clock, Mail, MapPin, Phone, Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { formatDate, formatTaka } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { BookingCard } from './booking-card';
import { BookingFact } from './booking-fact';

interface Props {
  booking: Booking;
  eager?: boolean;
  cancelling: boolean;
  onCancel(booking: Booking): void;
  onReview(booking: Booking): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

const icon = (Icon: typeof Clock) => <Icon className="size-4" aria-hidden="true" />;

/** Booked Services: a booking with its dates, the provider's contact, notes, Cancel, Call, Messages and Review. */
export function BookedServiceCard({ booking, eager, cancelling, onCancel, onReview, messages }: Props) {
  const { t } = useTranslation('bookings');
  const { status } = booking;
  // The server answers DEFAULT_PROVIDER_PHONE ('Not provided') until the provider sets a phone.
  const phone = booking.providerPhone.trim() || DEFAULT_PROVIDER_PHONE;
  const hasPhone = phone !== DEFAULT_PROVIDER_PHONE;
  const notes = booking.specialInstruction || booking.customerNotes;

  const actions = (
    <>
      {status === 'pending' && (
        <button type="button" className="btn btn-error btn-sm" onClick={() => onCancel(booking)} disabled={cancelling}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('actions.cancel')}
        </button>
      )}
      {hasPhone ? (
        <a className="btn btn-outline btn-sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {icon(Phone)}
          {t('actions.call')}
        </a>
      ) : (
        <span className="flex items-center gap-2">
          <span id={`no-phone-${booking._id}`} className="text-xs text-base-content/80">
            {t('actions.callUnavailable')}
          </span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled
            aria-describedby={`no-phone-${booking._id}`}
          >
            {icon(Phone)}
            {t('actions.call')}
          </button>
        </span>
      )}
      {messages}
      {status === 'completed' &&
        (booking.reviewed ? (
          <span className="badge badge-outline gap-1 self-center border-success py-3 text-green-800 dark:text-success">
            {icon(CheckCircle2)}
            {t('actions.reviewed')}
          </span>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onReview(booking)}>
            {icon(Star)}
            {t('actions.review')}
          </button>
        ))}
    </>
  );

  return (
    <BookingCard booking={booking} level="h2" image="wide" eager={eager} actions={actions}>
      <p className="text-sm text-base-content/80">{t(`statusDescription.${status}`)}</p>
      {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('card.serviceDeleted')}</p>}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <BookingFact label={t('card.price')}>
          <span className="font-bold text-primary">{formatTaka(booking.price)}</span>
        </BookingFact>
        <BookingFact label={t('card.area')} icon={icon(MapPin)}>
          {booking.serviceArea || t('card.noArea')}
        </BookingFact>
        <BookingFact label={t('card.bookedOn')} icon={icon(CalendarDays)}>
          {formatDate(booking.bookedAt)}
        </BookingFact>
        {booking.serviceTakingDate && (
          <BookingFact label={t('card.serviceDate')} icon={icon(CalendarDays)}>
            {formatDate(booking.serviceTakingDate)}
          </BookingFact>
        )}
        <BookingFact label={t('card.estimatedTime')} icon={icon(Clock)}>
          {booking.estimatedTime || t('card.defaultEstimate')}
        </BookingFact>
        {status === 'completed' && booking.completedAt && (
          <BookingFact label={t('card.completedOn')} icon={icon(CheckCircle2)}>
            {formatDate(booking.completedAt)}
          </BookingFact>
        )}
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
            {phone}
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
    </BookingCard>
  );
}
