import { Calendar, Eye, MapPin, Play, CheckCircle2, User } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { Booking, BookingStatus } from '@meramot/shared';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { images } from '../../../config/paths';
import { formatDate, formatTaka } from '../../../lib/format';
import { StatusBadge } from './status-badge';

interface Props {
  booking: Booking;
  side: 'mine' | 'request';
  /** Set while this booking's status is being saved. */
  updating: boolean;
  onView(booking: Booking): void;
  /** Requests only: move the booking on (pending → working → completed). */
  onAdvance?(booking: Booking, status: BookingStatus): void;
}

/** A booking on the Bookings page; in the requests tab with Start Work / Mark Complete. */
export function BookingCard({ booking, side, updating, onView, onAdvance }: Props) {
  const { t } = useTranslation('requests');
  const next: BookingStatus | null =
    booking.status === 'pending' ? 'working' : booking.status === 'working' ? 'completed' : null;
  const person = side === 'mine' ? booking.providerName : booking.customerName;
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:flex-row sm:items-start">
        <FallbackImage
          src={booking.serviceImage}
          fallback={images.servicePlaceholder}
          alt=""
          width={160}
          height={120}
          loading="lazy"
          className="h-36 w-full rounded-lg object-cover sm:h-30 sm:w-40"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 text-lg font-semibold break-words">{booking.serviceName}</h3>
            <StatusBadge status={booking.status} />
          </div>
          <p className="text-lg font-bold text-primary">{formatTaka(booking.price)}</p>
          <ul className="space-y-1 text-sm text-base-content/80">
            <li className="flex items-center gap-2">
              <User className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {side === 'mine' ? t('bookings.provider') : t('bookings.customer')}: {person}
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Calendar className="size-4 shrink-0" aria-hidden="true" />
              {t('bookings.serviceDate')}: {formatDate(booking.serviceTakingDate)}
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{booking.serviceArea}</span>
            </li>
          </ul>
          {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('bookings.serviceDeleted')}</p>}
          <div className="flex flex-wrap gap-2 pt-1">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => onView(booking)}
              aria-label={t('bookings.viewDetailsOf', { name: booking.serviceName })}
            >
              <Eye className="size-4" aria-hidden="true" />
              {t('bookings.viewDetails')}
            </button>
            {side === 'request' && next && onAdvance && (
              <button
                type="button"
                className={`btn btn-sm ${next === 'working' ? 'btn-primary' : 'btn-success'}`}
                disabled={updating}
                onClick={() => onAdvance(booking, next)}
              >
                {next === 'working' ? <Play className="size-4" aria-hidden="true" /> : <CheckCircle2 className="size-4" aria-hidden="true" />}
                {updating ? t('bookings.updating') : next === 'working' ? t('bookings.startWork') : t('bookings.markComplete')}
              </button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
