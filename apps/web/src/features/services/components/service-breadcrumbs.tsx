import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';

/** Home / Services / {service name} */
export function ServiceBreadcrumbs({ name }: { name: string }) {
  const { t } = useTranslation('services');
  const localize = useLocalize();
  return (
    <nav aria-label={t('detail.breadcrumbs')} className="breadcrumbs max-w-full text-sm">
      <ul>
        <li>
          <Link to={localize(paths.home)} className="link-hover">
            {t('detail.home')}
          </Link>
        </li>
        <li>
          <Link to={localize(paths.services)} className="link-hover">
            {t('detail.services')}
          </Link>
        </li>
        <li>
          <span aria-current="page" className="truncate">
            {name}
          </span>
        </li>
      </ul>
    </nav>
  );
}
