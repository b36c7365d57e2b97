import { useTranslation } from '@/lib/i18n';
import { usePlatformStats } from '../api/get-platform-stats';
import { formatCount } from '@/lib/format';

/** Services, providers and jobs done, counted by the server; hidden when the call fails. */
export function HeroStats() {
  const { t } = useTranslation('home');
  const { data, isPending, isError } = usePlatformStats();
  if (isError) return null;
  const items = [
    { key: 'services', value: data?.totalServices },
    { key: 'providers', value: data?.totalProviders },
    { key: 'jobsDone', value: data?.completedJobs },
  ] as const;
  return (
    <dl
      aria-label={t('hero.statsLabel')}
      aria-busy={isPending || undefined}
      className="mt-8 grid grid-cols-3 gap-2 sm:gap-4"
    >
      {items.map(({ key, value }) => (
        <div key={key} className="flex flex-col rounded-box bg-base-100 px-2 py-3 text-center shadow-sm sm:px-4">
          <dt className="text-xs text-base-content/75 sm:text-sm">{t(`hero.stats.${key}`)}</dt>
          <dd className="order-first text-2xl font-bold sm:text-3xl text-primary">
            {value === undefined ? (
              <span className="skeleton inline-block h-8 w-12 align-middle" aria-hidden="true" />
            ) : (
              formatCount(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
