import { useSearchParams } from 'react-router';
import { LinkSettingsPage } from '@/features/notifications/components/link-settings-page';
import { addTranslations, useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import notificationsTranslations from '@/locales/en/notifications.json';

addTranslations('notifications', notificationsTranslations, () => import('@/locales/bn/notifications.json'));

/** /notification-settings?token=… (public): the settings an e-mail's footer link opens without signing in. */
export default function Route() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('link.title'));
  const [params] = useSearchParams();
  return <LinkSettingsPage token={params.get('token') ?? ''} />;
}
