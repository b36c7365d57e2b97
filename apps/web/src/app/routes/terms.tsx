import { addTranslations, useTranslation } from '@/lib/i18n';
import pagesTranslations from '@/locales/en/pages.json';
import { InfoPage, useSupportEmail, withEmail } from './info-page';

addTranslations('pages', pagesTranslations, () => import('@/locales/bn/pages.json'));

/** /terms: the few rules of the marketplace. */
export default function TermsRoute() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  return (
    <InfoPage page="terms">
      <p className="mt-8">{withEmail(t('terms.contact'), email)}</p>
    </InfoPage>
  );
}
