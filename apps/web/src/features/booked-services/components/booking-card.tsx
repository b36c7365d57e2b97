import { CalendarDays, CheckCircle2, Clock, Mail, MapPin, Phone, Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Booking } from '@meramot/shared';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { images } from '../../../config/paths';
import { formatDate, formatTaka } from '../../../lib/format';
import { statusOf } from '../booking-tabs';

const NOT_PROVIDED = 'Not provided';
const DEFAULT_ESTIMATE = '2-3 hours';
const NO_AREA = 'Location not specified';

const BADGE = { pending: 'badge-warning', working: 'badge-info', completed: 'badge-success' } as const;

interface Props {
  booking: Booking;
  /** Cards below the first few load their images lazily. */
  eager?: boolean;
  cancelling: boolean;
  onCancel(booking: Booking): void;
  onReview(booking: Booking): void;
}

/** One booking: service, status, dates, provider contact, notes and the allowed actions. */
export function BookingCard({ booking, eager, cancelling, onCancel, onReview }: Props) {
  const { t } = useTranslation('bookings');
  const status = statusOf(booking);
  const phone = booking.providerPhone?.trim() || NOT_PROVIDED;
  const hasPhone = phone !== NOT_PROVIDED;
  const notes = booking.specialInstruction || booking.customerNotes;
  const price = booking.price ?? booking.servicePrice;

  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby={`booking-${booking._id}`}>
      <div className="flex flex-col md:flex-row">
        <FallbackImage
          src={booking.serviceImage}
          fallback={images.servicePlaceholder}
          alt={t('card.imageAlt', { name: booking.serviceName })}
          width={320}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          className="h-48 w-full rounded-t-box object-cover md:h-auto md:w-64 md:rounded-l-box md:rounded-tr-none"
        />
        <div className="card-body min-w-0 flex-1 gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id={`booking-${booking._id}`} className="card-title min-w-0 text-lg break-words">
              {booking.serviceName}
            </h2>
            <span className={`badge ${BADGE[status]} shrink-0 font-semibold`}>{t(`status.${status}`)}</span>
          </div>
          <p className="text-sm text-base-content/80">{t(`statusDescription.${status}`)}</p>
          {booking.serviceDeleted && <p className="text-sm italic text-base-content/80">{t('card.serviceDeleted')}</p>}
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
            <Fact label={t('card.price')}>
              <span className="font-bold text-primary">{formatTaka(price)}</span>
            </Fact>
            <Fact label={t('card.area')} icon={<MapPin className="size-4" aria-hidden="true" />}>
              {booking.serviceArea || NO_AREA}
            </Fact>
            <Fact label={t('card.bookedOn')} icon={<CalendarDays className="size-4" aria-hidden="true" />}>
              {formatDate(booking.bookedAt)}
            </Fact>
            {booking.serviceTakingDate && (
              <Fact label={t('card.serviceDate')} icon={<CalendarDays className="size-4" aria-hidden="true" />}>
                {formatDate(booking.serviceTakingDate)}
              </Fact>
            )}
            <Fact label={t('card.estimatedTime')} icon={<Clock className="size-4" aria-hidden="true" />}>
              {booking.estimatedTime || DEFAULT_ESTIMATE}
            </Fact>
            {status === 'completed' && booking.completedAt && (
              <Fact label={t('card.completedOn')} icon={<CheckCircle2 className="size-4" aria-hidden="true" />}>
                {formatDate(booking.completedAt)}
              </Fact>
            )}
          </dl>
          <section className="rounded-box bg-base-200 p-3" aria-label={t('card.provider')}>
            <div className="flex items-center gap-3">
              <FallbackImage
                src={booking.providerImage}
                fallback={images.defaultAvatar}
                alt={t('card.providerAvatarAlt', { name: booking.providerName })}
                width={40}
                height={40}
                loading="lazy"
                className="size-10 shrink-0 rounded-full object-cover"
              />
              <div className="min-w-0 text-sm">
                <p className="text-xs text-base-content/80">{t('card.provider')}</p>
                <p className="font-semibold break-words">{booking.providerName}</p>
              </div>
            </div>
            <dl className="mt-2 grid gap-1 text-sm">
              <Fact label={t('card.phone')} icon={<Phone className="size-4" aria-hidden="true" />}>
                {phone}
              </Fact>
              <Fact label={t('card.email')} icon={<Mail className="size-4" aria-hidden="true" />}>
                <span className="break-all">{booking.providerEmail}</span>
              </Fact>
            </dl>
          </section>
          {notes && (
            <div className="text-sm">
              <p className="font-medium">{t('card.notes')}</p>
              <p className="break-words whitespace-pre-line text-base-content/80">{notes}</p>
            </div>
          )}
          <div className="card-actions mt-1 flex-wrap justify-end">
            {status === 'pending' && (
              <button
                type="button"
                className="btn btn-error btn-sm"
                onClick={() => onCancel(booking)}
                disabled={cancelling}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('actions.cancel')}
              </button>
            )}
            {hasPhone ? (
              <a className="btn btn-outline btn-sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                <Phone className="size-4" aria-hidden="true" />
                {t('actions.call')}
              </a>
            ) : (
              <span className="flex items-center gap-2">
                <span id={`no-phone-${booking._id}`} className="text-xs text-base-content/80">
                  {t('actions.callUnavailable')}
                </span>
                <button type="button" className="btn btn-outline btn-sm" disabled aria-describedby={`no-phone-${booking._id}`}>
                  <Phone className="size-4" aria-hidden="true" />
                  {t('actions.call')}
                </button>
              </span>
            )}
            {status === 'completed' &&
              (booking.reviewed ? (
                <span className="badge badge-outline gap-1 self-center border-success py-3 text-green-800 dark:text-success">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {t('actions.reviewed')}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => onReview(booking)}
                >
                  <Star className="size-4" aria-hidden="true" />
                  {t('actions.review')}
                </button>
              ))}
          </div>
        </div>
      </div>
    </article>
  );
}

function Fact({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="flex shrink-0 items-start gap-2 text-base-content/80">
        {icon && <span className="mt-0.5 shrink-0 text-base-content/70">{icon}</span>}
        {label}:
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
