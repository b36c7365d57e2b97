import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.heading')}</h1>
      <p className="text-base-content/80">{t('notFound.text')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
