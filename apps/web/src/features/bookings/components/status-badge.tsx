import type { BookingStatus } from '@meramot/shared';
import { useTranslation } from '../../../lib/i18n';
import { statusKey } from '../booking-status';

const badgeClass: Record<BookingStatus, string> = {
  pending: 'badge-warning',
  working: 'badge-info',
  completed: 'badge-success',
};

/** The booking's status as a coloured badge (the text carries the meaning, not the colour). */
export function StatusBadge({ status, short = false }: { status: BookingStatus; short?: boolean }) {
  const { t } = useTranslation('bookings');
  return <span className={`badge ${badgeClass[status]} shrink-0 font-semibold`}>{t(statusKey(status, short))}</span>;
}
