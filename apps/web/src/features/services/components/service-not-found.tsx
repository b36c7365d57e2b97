import { SearchX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown when the service does not exist (404/400) or cannot be loaded. */
export function ServiceNotFound() {
  const { t } = useTranslation('services');
  const localize = useLocalize();
  const back = (
    <Link to={localize(paths.services)} className="btn btn-primary">
      {t('notFound.back')}
    </Link>
  );
  return (
    <EmptyState variant="page" icon={<SearchX />} title={t('notFound.title')} text={t('notFound.text')} action={back} />
  );
}
