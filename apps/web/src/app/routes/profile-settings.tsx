import { useTranslation } from '../../lib/i18n';
import { ProfileSettings } from '../../features/profile/components/profile-settings';
import { addTranslations } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import profileTranslations from '../../locales/en/profile.json';

addTranslations('profile', profileTranslations, () => import('../../locales/bn/profile.json'));

export default function Route() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  return <ProfileSettings />;
}
