import { useTranslation } from '../../../lib/i18n';
import type { BookingStatus } from '@meramot/shared';

const badgeClass: Record<BookingStatus, string> = {
  pending: 'badge-warning',
  working: 'badge-info',
  completed: 'badge-success',
};

/** The booking's status as a coloured badge (the text carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('requests');
  return <span className={`badge ${badgeClass[status]} shrink-0 font-medium`}>{t(`status.${status}`)}</span>;
}
