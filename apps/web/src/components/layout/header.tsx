import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="navbar bg-base-100 shadow-sm">
      <Link to={paths.home} className="btn btn-ghost text-xl">
        {t('productName')}
      </Link>
    </header>
  );
}
