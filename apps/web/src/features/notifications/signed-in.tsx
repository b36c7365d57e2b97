import { addTranslations } from '@/lib/i18n';
import notificationsTranslations from '@/locales/en/notifications.json';
import { LanguageSync } from './components/language-sync';
import { NotificationsLive } from './components/notifications-live';

addTranslations('notifications', notificationsTranslations, () => import('@/locales/bn/notifications.json'));

/**
 * The signed-in person's part of every page, in one chunk the layout loads only for them (a
 * visitor's page loads neither this, the live stream's client nor its parser): the header's bell,
 * and the live stream with the language sync.
 */
export { NotificationBell } from './components/notification-bell';

export function SignedInSync() {
  return (
    <>
      <NotificationsLive />
      <LanguageSync />
    </>
  );
}
