import { PackageOpen, SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/auth-context';

/** No services listed at all: invite the visitor to list one (or to register first). */
export function NoServices() {
  const { t } = useTranslation('services');
  const { user } = useAuth();
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-16 text-center">
      <PackageOpen className="size-12 text-base-content/50" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{t('empty.noServicesTitle')}</h2>
      <p className="max-w-md text-base-content/80">{t('empty.noServicesText')}</p>
      <Link to={user ? paths.addService : paths.register} className="btn btn-primary">
        {user ? t('empty.addFirst') : t('empty.becomeProvider')}
      </Link>
    </div>
  );
}

/** Services exist, but none matches the search or area. */
export function NoMatch({ onClear }: { onClear(): void }) {
  const { t } = useTranslation('services');
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-16 text-center">
      <SearchX className="size-12 text-base-content/50" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{t('empty.noMatchTitle')}</h2>
      <p className="max-w-md text-base-content/80">{t('empty.noMatchText')}</p>
      <button type="button" className="btn btn-primary" onClick={onClear}>
        {t('list.clearAll')}
      </button>
    </div>
  );
}

/** A page number beyond the last page (an old link): offer the first page. */
export function PastLastPage({ onFirstPage }: { onFirstPage(): void }) {
  const { t } = useTranslation('services');
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-16 text-center">
      <h2 className="text-xl font-semibold">{t('empty.pastLastPageTitle')}</h2>
      <button type="button" className="btn btn-primary" onClick={onFirstPage}>
        {t('pagination.firstPage')}
      </button>
    </div>
  );
}
