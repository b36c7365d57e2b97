import type { Booking } from '@meramot/shared';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { FallbackImage } from '@/components/ui/fallback-image';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useTranslation } from '@/lib/i18n';
import { StatusBadge } from './status-badge';

interface Props {
  booking: Booking;
  /** The heading level of the service name under the page's headings. */
  level: 'h2' | 'h3';
  /** The service's picture (Booked Services shows it; the to-do list does not). */
  image?: boolean;
  /** Cards below the first few load their images lazily. */
  eager?: boolean;
  /** The facts and notes under the title. */
  children: ReactNode;
  /** The buttons and links at the bottom. */
  actions?: ReactNode;
}

/**
 * A booking as a card, the one frame of every bookings list: picture, service name (the card's
 * accessible name, a link to the service's page while it exists), state badge, the caller's facts
 * and actions.
 */
export function BookingCard({ booking, level: Heading, image = false, eager = false, children, actions }: Props) {
  const { t } = useTranslation('bookings');
  const localize = useLocalize();
  const headingId = `booking-${booking._id}`;
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby={headingId}>
      <div className="flex flex-col md:flex-row">
        {image && (
          <FallbackImage
            src={booking.serviceImage}
            fallback={images.servicePlaceholder}
            alt={t('card.imageAlt', { name: booking.serviceName })}
            width={320}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            className="h-48 w-full rounded-t-box object-cover md:h-auto md:w-64 md:rounded-l-box md:rounded-tr-none"
          />
        )}
        <div className="card-body min-w-0 flex-1 gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Heading id={headingId} className="card-title min-w-0 text-lg break-words">
              {booking.serviceDeleted ? (
                booking.serviceName
              ) : (
                <Link
                  to={localize(paths.servicePage({ _id: booking.serviceId, serviceName: booking.serviceName }))}
                  className="link-hover"
                >
                  {booking.serviceName}
                </Link>
              )}
            </Heading>
            <StatusBadge state={booking.state} />
          </div>
          {children}
          {actions && <div className="card-actions mt-1 flex-wrap items-end justify-end">{actions}</div>}
        </div>
      </div>
    </article>
  );
}

/** A card's View Details button, named with its service for a screen reader. */
export function ViewDetailsButton({ booking, onView }: { booking: Booking; onView: (booking: Booking) => void }) {
  const { t } = useTranslation('bookings');
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      onClick={() => onView(booking)}
      aria-label={t('actions.viewDetailsOf', { name: booking.serviceName })}
    >
      <Eye className="size-4" aria-hidden="true" />
      {t('actions.viewDetails')}
    </button>
  );
}
