import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return <footer className="footer p-6">{t('footer.copyright', { year: new Date().getFullYear() })}</footer>;
}
