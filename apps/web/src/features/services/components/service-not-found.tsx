import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown when the service does not exist (404/400) or cannot be loaded. */
export function ServiceNotFound() {
  const { t } = useTranslation('services');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <SearchX className="size-16 text-base-content/50" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-base-content/80">{t('notFound.text')}</p>
      <Link to={paths.services} className="btn btn-primary">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
