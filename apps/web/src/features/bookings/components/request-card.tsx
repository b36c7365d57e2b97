import type { Booking, BookingStatus } from '@meramot/shared';
import { Calendar, CheckCircle2, Eye, MapPin, Play, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatArea, formatDate, formatTaka } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { BookingCard } from './booking-card';
import { BookingFact } from './booking-fact';

interface Props {
  booking: Booking;
  side: 'mine' | 'request';
  /** Set while this booking's status is being saved. */
  updating: boolean;
  onView(booking: Booking): void;
  /** Requests only: move the booking on (pending → working → completed). */
  onAdvance?(booking: Booking, status: BookingStatus): void;
  /** The Messages button (with its unread badge), when the page has conversations. */
  messages?: ReactNode;
}

const NEXT: Record<BookingStatus, BookingStatus | null> = { pending: 'working', working: 'completed', completed: null };

/** A booking on the Bookings page; in the requests tab with Start Work / Mark Complete. */
export function RequestCard({ booking, side, updating, onView, onAdvance, messages }: Props) {
  const { t } = useTranslation('bookings');
  const next = NEXT[booking.status];
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
      {side === 'request' && next && onAdvance && (
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
    </>
  );
  return (
    <BookingCard booking={booking} level="h3" image="thumb" shortStatus actions={actions}>
      <p className="text-lg font-bold text-primary">{formatTaka(booking.price)}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm">
        <BookingFact
          label={side === 'mine' ? t('card.provider') : t('card.customer')}
          icon={<User className="size-4" aria-hidden="true" />}
        >
          {side === 'mine' ? booking.providerName : booking.customerName}
        </BookingFact>
        <BookingFact label={t('card.serviceDate')} icon={<Calendar className="size-4" aria-hidden="true" />}>
          {formatDate(booking.serviceTakingDate)}
        </BookingFact>
        <BookingFact label={t('card.area')} icon={<MapPin className="size-4" aria-hidden="true" />}>
          {formatArea(booking.serviceArea)}
        </BookingFact>
      </dl>
      {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('card.serviceRemoved')}</p>}
    </BookingCard>
  );
}
