import { useTranslation } from '../../lib/i18n';
import { NotificationSettingsSection } from '../../features/notifications/components/notification-settings-section';
import { ProfileSettings } from '../../features/profile/components/profile-settings';
import { addTranslations } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import notificationsTranslations from '../../locales/en/notifications.json';
import profileTranslations from '../../locales/en/profile.json';

addTranslations('profile', profileTranslations, () => import('../../locales/bn/profile.json'));
addTranslations('notifications', notificationsTranslations, () => import('../../locales/bn/notifications.json'));

/** Profile Settings: the profile feature's cards, then the notification settings. */
export default function Route() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  return (
    <>
      <ProfileSettings />
      <div className="mx-auto -mt-2 max-w-5xl px-4 pb-12 sm:-mt-6 lg:pl-[calc(18rem+2.5rem)]">
        <NotificationSettingsSection />
      </div>
    </>
  );
}
