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
        {/* The service's name shortens with an ellipsis where the line ends (a long English name
            made the trail scroll sideways at 360 px): daisyUI makes it a flex box, where an
            ellipsis does not apply, so it is a block here, in an item that may shrink. */}
        <li className="min-w-0">
          <span aria-current="page" className="block truncate">
            {name}
          </span>
        </li>
      </ul>
    </nav>
  );
}
