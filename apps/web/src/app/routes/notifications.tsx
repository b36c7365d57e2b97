import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { addTranslations, useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import notificationsTranslations from '@/locales/en/notifications.json';

addTranslations('notifications', notificationsTranslations, () => import('@/locales/bn/notifications.json'));

/** /notifications (signed in): every notification, All or Unread, page by page. */
export default function Route() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('title'));
  return <NotificationsPage />;
}
