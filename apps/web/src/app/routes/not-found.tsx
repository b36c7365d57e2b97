import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmptyState } from '@/components/ui/empty-state';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  const localize = useLocalize();
  useDocumentTitle(t('titles.notFound'));
  const backHome = (
    <Link to={localize(paths.home)} className="btn btn-primary">
      {t('notFound.backHome')}
    </Link>
  );
  return (
    <EmptyState
      variant="page"
      icon={<span className="text-7xl font-bold text-primary">404</span>}
      title={t('notFound.heading')}
      text={t('notFound.text')}
      action={backHome}
    />
  );
}
