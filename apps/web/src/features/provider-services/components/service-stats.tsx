import { useTranslation } from '@/lib/i18n';
import { formatCount, formatOneDecimal } from '@/lib/format';
import type { Service } from '@meramot/shared';

/**
 * Total, active, bookings and the average rating over the services that have one, to one decimal;
 * null while no service has a review (a new provider is not rated 0.0: the page says "No reviews yet").
 */
export function serviceStats(services: Service[]) {
  const rated = services.filter((s) => typeof s.rating === 'number');
  const average = rated.length ? rated.reduce((sum, s) => sum + (s.rating ?? 0), 0) / rated.length : null;
  return {
    total: services.length,
    active: services.filter((s) => s.status === 'active').length,
    bookings: services.reduce((sum, s) => sum + s.bookings, 0),
    averageRating: average === null ? null : formatOneDecimal(average),
  };
}

export function ServiceStats({ services }: { services: Service[] }) {
  const { t } = useTranslation('provider');
  const stats = serviceStats(services);
  const items = [
    { label: t('manage.totalServices'), value: formatCount(stats.total) },
    { label: t('manage.activeServices'), value: formatCount(stats.active) },
    { label: t('manage.totalBookings'), value: formatCount(stats.bookings) },
    { label: t('manage.averageRating'), value: stats.averageRating },
  ];
  const noValue = 'mt-2 text-base font-semibold text-base-content/80';
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('manage.statsLabel')}>
      {items.map((item) => (
        <div key={item.label} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <dt className="text-sm text-base-content/80">{item.label}</dt>
          {item.value === null ? (
            <dd className={noValue}>{t('manage.noReviews')}</dd>
          ) : (
            <dd className="mt-1 text-2xl font-bold">{item.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
