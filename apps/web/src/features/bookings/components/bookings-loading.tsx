import { useTranslation } from '@/lib/i18n';

/** "Loading all bookings…" while a dashboard's bookings load (a polite status for screen readers). */
export function BookingsLoading() {
  const { t } = useTranslation('bookings');
  return (
    <p className="flex items-center gap-2 py-10" role="status">
      <span className="loading loading-spinner" aria-hidden="true" />
      {t('loadingAll')}
    </p>
  );
}
