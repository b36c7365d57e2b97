import { addTranslations, useTranslation } from '@/lib/i18n';
import pagesTranslations from '@/locales/en/pages.json';
import { InfoPage, useSupportEmail, withEmail } from './info-page';

addTranslations('pages', pagesTranslations, () => import('@/locales/bn/pages.json'));

/** /privacy: what Meramot keeps, who sees it, and what it does not do. */
export default function PrivacyRoute() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  return (
    <InfoPage page="privacy">
      <p className="mt-8">{withEmail(t('privacy.contact'), email)}</p>
    </InfoPage>
  );
}
