import type { BookingState } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { stateKey } from '../booking-status';

const badgeClass: Record<BookingState, string> = {
  pending: 'badge-warning',
  accepted: 'badge-primary',
  working: 'badge-info',
  completed: 'badge-success',
  declined: 'badge-error',
  expired: 'badge-neutral',
  cancelled: 'badge-neutral',
};

/** The booking's state as a coloured badge (the text carries the meaning, not the colour). */
export function StatusBadge({ state }: { state: BookingState }) {
  const { t } = useTranslation('bookings');
  return <span className={`badge ${badgeClass[state]} shrink-0 font-semibold`}>{t(stateKey(state))}</span>;
}
