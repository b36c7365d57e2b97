import type { Booking, BookingStatus } from '@meramot/shared';
import { Calendar, CheckCircle2, Eye, MapPin, Play, Phone, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatArea, formatTaka } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { isEnded } from '../booking-status';
import { formatWhen } from '../lib/booking-text';
import { BookingAnswer } from './booking-answer';
import { BookingCard } from './booking-card';
import { ContactFacts, EndedFacts, ReviewFacts, PhoneLink, providerPhoneOf } from './booking-contact';
import { BookingFact } from './booking-fact';
import { BookingProposals } from './booking-proposals';

interface Props {
  booking: Booking;
  side: 'mine' | 'request';
  /** Set while this booking's status is being saved. */
  updating: boolean;
  onView(booking: Booking): void;
  /** Requests only: move the booking on (accepted → working → completed). */
  onAdvance?(booking: Booking, status: BookingStatus): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

/** The next step of an accepted or started booking (a pending one is answered first: Accept or Decline). */
function nextStep(booking: Booking): BookingStatus | null {
  if (booking.state === 'accepted') return 'working';
  if (booking.state === 'working') return 'completed';
  return null;
}

const icon = (Icon: typeof User) => <Icon className="size-4" aria-hidden="true" />;

/**
 * A booking on the Bookings page; in the requests tab with Accept / Decline (pending), then Start
 * Work / Mark Complete.
 */
export function RequestCard({ booking, side, updating, onView, onAdvance, messages }: Props) {
  const { t } = useTranslation('bookings');
  const next = side === 'request' ? nextStep(booking) : null;
  const providerPhone = side === 'mine' ? providerPhoneOf(booking) : null;
  const actions = (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => onView(booking)}
        aria-label={t('actions.viewDetailsOf', { name: booking.serviceName })}
      >
        <Eye className="size-4" aria-hidden="true" />
        {t('actions.viewDetails')}
      </button>
      {messages}
      {next && onAdvance && (
        <button
          type="button"
          className={`btn btn-sm ${next === 'working' ? 'btn-primary' : 'btn-success'}`}
          disabled={updating}
          onClick={() => onAdvance(booking, next)}
        >
          {next === 'working' ? (
            <Play className="size-4" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="size-4" aria-hidden="true" />
          )}
          {updating ? t('actions.updating') : next === 'working' ? t('actions.startWork') : t('actions.markComplete')}
        </button>
      )}
      {side === 'request' && onAdvance && <BookingAnswer booking={booking} />}
    </>
  );
  return (
    <BookingCard booking={booking} level="h3" image="thumb" actions={actions}>
      <p className="text-lg font-bold text-primary">{formatTaka(booking.price)}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm">
        <BookingFact label={side === 'mine' ? t('card.provider') : t('card.customer')} icon={icon(User)}>
          {side === 'mine' ? booking.providerName : booking.customerName}
        </BookingFact>
        <BookingFact label={t('card.when')} icon={icon(Calendar)}>
          {formatWhen(t, booking)}
        </BookingFact>
        <BookingFact label={t('card.area')} icon={icon(MapPin)}>
          {formatArea(booking.serviceArea)}
        </BookingFact>
        {side === 'mine' && !isEnded(booking) && (
          <BookingFact label={t('card.providerPhone')} icon={icon(Phone)}>
            {providerPhone ? (
              <PhoneLink phone={providerPhone} />
            ) : (
              <span className="text-base-content/80">
                {booking.contactShared ? t('card.notProvided') : t('card.phoneAfterAccept')}
              </span>
            )}
          </BookingFact>
        )}
        <ContactFacts booking={booking} viewer={side === 'mine' ? 'customer' : 'provider'} />
        <EndedFacts booking={booking} />
        <ReviewFacts booking={booking} />
      </dl>
      {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('card.serviceRemoved')}</p>}
      <BookingProposals booking={booking} viewer={side === 'mine' ? 'customer' : 'provider'} />
    </BookingCard>
  );
}
