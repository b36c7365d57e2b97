import { formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

interface Props {
  found: number;
  /** All active services; undefined while unknown. */
  total: number | undefined;
  /** The server stopped counting at `found` (LIST_WINDOW): there are more matches. */
  capped?: boolean;
}

/**
 * "x of y services found" with the spec's percent: the share of all active services the filters
 * leave ("47% of all services"; not a relevance score, so it is not called a match). "x services
 * found" when y is unknown. A capped count reads "1,000+ of y services found", without a percent
 * (the real share is unknown).
 */
export function ServicesCount({ found, total, capped = false }: Props) {
  const { t } = useTranslation('services');
  const className = 'text-sm text-base-content/80';
  if (total === undefined) {
    return (
      <p className={className}>
        {capped ? t('list.countOnlyCapped', { found: formatCount(found) }) : t('list.countOnly', { count: found })}
      </p>
    );
  }
  const values = { found: formatCount(found), total: formatCount(total) };
  if (capped) {
    return (
      <p className={className}>
        <span className="font-semibold text-base-content">{t('list.countCapped', values)}</span>
      </p>
    );
  }
  const percent = total > 0 ? Math.min(100, Math.round((found / total) * 100)) : 0;
  return (
    <p className={className}>
      <span className="font-semibold text-base-content">{t('list.count', values)}</span>{' '}
      <span className="badge badge-neutral badge-sm align-middle">{t('list.percentOfAll', { percent })}</span>
    </p>
  );
}
