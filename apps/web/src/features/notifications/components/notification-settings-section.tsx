import type { NotificationSettings } from '@meramot/shared';
import { errorKind } from '@/lib/api-client';
import { toast } from '@/lib/alerts';
import { useTranslation } from '@/lib/i18n';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { TOAST_MS } from '../sms-phone';
import { NotificationSettingsForm } from './notification-settings-form';
import { SmsPhoneSection } from './sms-phone-section';
import { LoadingLine } from '@/components/ui/loading-line';

/** A failed save as a sentence: the server's, or ours when there was no answer. */
export function saveFailure(error: unknown, t: (key: string) => string): string | null {
  if (!error) return null;
  return errorKind(error) === 'network' || !(error instanceof Error) ? t('settings.saveFailed') : error.message;
}

/** Profile Settings' "Notifications" card: the switches per category and channel, and the SMS number. */
export function NotificationSettingsSection() {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useUpdateNotificationPreferences();

  const onSave = (settings: NotificationSettings) =>
    save.mutate(
      { settings },
      { onSuccess: () => void toast(t('settings.savedTitle'), t('settings.savedText'), TOAST_MS) },
    );

  return (
    <section
      aria-labelledby="notification-settings-heading"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body">
        <h2 id="notification-settings-heading" className="text-xl font-semibold">
          {t('settings.heading')}
        </h2>
        <p className="mb-2 text-sm text-base-content/80">{t('settings.intro')}</p>
        {preferences.isPending ? (
          <LoadingLine>{t('settings.loading')}</LoadingLine>
        ) : preferences.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 py-2">
            <p>{t('settings.loadFailed')}</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void preferences.refetch()}>
              {t('settings.retry')}
            </button>
          </div>
        ) : (
          <>
            <NotificationSettingsForm
              key={JSON.stringify(preferences.data.settings)}
              preferences={preferences.data}
              saving={save.isPending}
              error={saveFailure(save.error, t)}
              onSave={onSave}
              phoneHint="below"
            />
            <SmsPhoneSection preferences={preferences.data} />
          </>
        )}
      </div>
    </section>
  );
}
