import { useTranslation } from 'react-i18next';

/** "x of y services found" with the percent match; "x services found" when y is unknown. */
export function ServicesCount({ found, total }: { found: number; total: number | undefined }) {
  const { t } = useTranslation('services');
  if (total === undefined) {
    return <p className="text-sm text-base-content/80">{t('list.countOnly', { count: found })}</p>;
  }
  const percent = total > 0 ? Math.min(100, Math.round((found / total) * 100)) : 0;
  return (
    <p className="text-sm text-base-content/80">
      <span className="font-semibold text-base-content">{t('list.count', { found, total })}</span>{' '}
      <span className="badge badge-neutral badge-sm align-middle">{t('list.percentMatch', { percent })}</span>
    </p>
  );
}
