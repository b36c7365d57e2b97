import { PackageOpen, SearchX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { EmptyState } from '@/components/ui/empty-state';

/** No services listed at all: invite the visitor to list one (or to register first). */
export function NoServices() {
  const { t } = useTranslation('services');
  const { user } = useAuth();
  return (
    <EmptyState
      icon={<PackageOpen />}
      title={t('empty.noServicesTitle')}
      text={t('empty.noServicesText')}
      action={
        <Link to={user ? paths.addService : paths.register} className="btn btn-primary">
          {user ? t('empty.addFirst') : t('empty.becomeProvider')}
        </Link>
      }
    />
  );
}

/** Services exist, but none matches the search or area. */
export function NoMatch({ onClear }: { onClear(): void }) {
  const { t } = useTranslation('services');
  const clear = (
    <button type="button" className="btn btn-primary" onClick={onClear}>
      {t('list.clearAll')}
    </button>
  );
  return <EmptyState icon={<SearchX />} title={t('empty.noMatchTitle')} text={t('empty.noMatchText')} action={clear} />;
}

/** A page number beyond the last page (an old link): offer the first page. */
export function PastLastPage({ onFirstPage }: { onFirstPage(): void }) {
  const { t } = useTranslation('services');
  const first = (
    <button type="button" className="btn btn-primary" onClick={onFirstPage}>
      {t('pagination.firstPage')}
    </button>
  );
  return <EmptyState title={t('empty.pastLastPageTitle')} action={first} />;
}
