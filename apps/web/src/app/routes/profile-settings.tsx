import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { NotificationSettingsSection } from '@/features/notifications/components/notification-settings-section';
import { ProfileSettings } from '@/features/profile/components/profile-settings';
import { addTranslations } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import notificationsTranslations from '@/locales/en/notifications.json';
import profileTranslations from '@/locales/en/profile.json';
import photosTranslations from '@/locales/en/photos.json';

addTranslations('profile', profileTranslations, () => import('@/locales/bn/profile.json'));
addTranslations('notifications', notificationsTranslations, () => import('@/locales/bn/notifications.json'));
addTranslations('photos', photosTranslations, () => import('@/locales/bn/photos.json'));

/** The notification settings' anchor: the avatar menu's Preferences links to it. */
const NOTIFICATIONS_ID = 'notifications';

/** Profile Settings: the profile feature's cards, then the notification settings. */
export default function Route() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const { hash, key } = useLocation();
  const notificationsRef = useRef<HTMLDivElement>(null);
  // "Preferences" in the avatar menu links here: bring the notification settings into view and
  // start keyboard navigation there (on each visit, also when already on the page).
  useEffect(() => {
    if (hash === `#${NOTIFICATIONS_ID}`) notificationsRef.current?.focus();
  }, [hash, key]);
  return (
    <>
      <ProfileSettings />
      <div
        ref={notificationsRef}
        id={NOTIFICATIONS_ID}
        tabIndex={-1}
        role="group"
        aria-labelledby="notification-settings-heading"
        className="mx-auto -mt-2 max-w-5xl scroll-mt-20 px-4 pb-12 outline-none sm:-mt-6 lg:pl-[calc(18rem+2.5rem)]"
      >
        <NotificationSettingsSection />
      </div>
    </>
  );
}
