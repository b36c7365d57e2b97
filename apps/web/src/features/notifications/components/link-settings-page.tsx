import type { NotificationSettings } from '@meramot/shared';
import { LinkIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBanner } from '@/components/ui/error-banner';
import { paths } from '@/config/paths';
import { toast } from '@/lib/alerts';
import { errorKind } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useLinkPreferences } from '../api/get-link-preferences';
import { useUpdateLinkPreferences } from '../api/update-link-preferences';
import { TOAST_MS } from '../sms-phone';
import { NotificationSettingsForm } from './notification-settings-form';
import { saveFailure } from './notification-settings-section';
import { LoadingLine } from '@/components/ui/loading-line';

/**
 * The notification settings an e-mail's footer link opens without signing in (`?token=`, signed
 * and expiring). A missing, expired or invalid token says so, with the way to Profile Settings.
 */
export function LinkSettingsPage({ token }: { token: string }) {
  const { t } = useTranslation('notifications');
  const preferences = useLinkPreferences(token);
  const save = useUpdateLinkPreferences(token);

  const onSave = (settings: NotificationSettings) =>
    save.mutate(settings, { onSuccess: () => void toast(t('settings.savedTitle'), t('settings.savedText'), TOAST_MS) });

  if (
    !token ||
    (preferences.isError && errorKind(preferences.error) !== 'network' && errorKind(preferences.error) !== 'server')
  ) {
    return (
      <EmptyState
        variant="page"
        icon={<LinkIcon />}
        title={t('link.invalidTitle')}
        text={t('link.invalidText')}
        action={
          <Link to={paths.profileSettings} className="btn btn-primary">
            {t('link.signIn')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t('link.title')}</h1>
      <p className="mt-1 mb-6 text-base-content/80">{t('link.intro')}</p>
      {preferences.isPending ? (
        <LoadingLine>{t('settings.loading')}</LoadingLine>
      ) : preferences.isError ? (
        <ErrorBanner
          title={t('settings.loadFailed')}
          message={errorKind(preferences.error) === 'network' ? t('page.error.network') : preferences.error.message}
          retryLabel={t('settings.retry')}
          retrying={preferences.isFetching}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <NotificationSettingsForm
          key={JSON.stringify(preferences.data.settings)}
          preferences={preferences.data}
          saving={save.isPending}
          error={saveFailure(save.error, t)}
          onSave={onSave}
          phoneHint="profile"
        />
      )}
    </div>
  );
}
