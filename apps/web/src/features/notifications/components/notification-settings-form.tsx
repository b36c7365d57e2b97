import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  SMS_CATEGORIES,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationSettings,
} from '@meramot/shared';
import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { useTranslation } from '@/lib/i18n';

interface Props {
  preferences: NotificationPreferences;
  saving: boolean;
  /** The last save's failure, as a sentence (the server's), or null. */
  error: string | null;
  onSave(settings: NotificationSettings): void;
  /** Where a number is verified: on this screen ('below') or in Profile Settings ('profile'). */
  phoneHint: 'below' | 'profile';
}

/**
 * The switches: one group per category (New bookings and cancellations, Status changes, Reviews,
 * Messages), each with In app, E-mail and, for the first two, SMS. Every checkbox is named by its
 * category and channel. The SMS switches are disabled, with the reason, while the server sends no
 * SMS or the person has no verified number.
 */
export function NotificationSettingsForm({ preferences, saving, error, onSave, phoneHint }: Props) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const [settings, setSettings] = useState<NotificationSettings>(preferences.settings);
  const smsReason = !preferences.smsAvailable
    ? t('settings.smsUnavailable')
    : !preferences.smsPhone
      ? t(phoneHint === 'below' ? 'settings.smsNeedsPhone' : 'settings.smsNeedsPhoneProfile')
      : null;
  const smsNoteId = `${id}-sms`;

  const toggle = (category: NotificationCategory, channel: NotificationChannel, on: boolean) =>
    setSettings((current) => ({ ...current, [category]: { ...current[category], [channel]: on } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(settings);
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="space-y-3">
      {smsReason && (
        <p id={smsNoteId} className="rounded-box bg-base-200 px-3 py-2 text-sm">
          {smsReason}
        </p>
      )}
      {NOTIFICATION_CATEGORIES.map((category) => {
        const name = t(`settings.categories.${category}.name`);
        const channels = NOTIFICATION_CHANNELS.filter((c) => c !== 'sms' || SMS_CATEGORIES.includes(category));
        return (
          <fieldset key={category} className="rounded-box border border-base-300 px-4 pt-1 pb-3">
            <legend className="px-1 font-semibold">{name}</legend>
            <p className="text-sm text-base-content/80">{t(`settings.categories.${category}.hint`)}</p>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {channels.map((channel) => {
                const sms = channel === 'sms';
                const label = t(`settings.channels.${channel}`);
                return (
                  <label
                    key={channel}
                    className="flex min-h-8 cursor-pointer items-center gap-2 has-disabled:cursor-not-allowed"
                  >
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm checkbox-primary"
                      checked={settings[category][channel]}
                      disabled={sms && !!smsReason}
                      aria-label={t('settings.switchLabel', { category: name, channel: label })}
                      aria-describedby={sms && smsReason ? smsNoteId : undefined}
                      onChange={(e) => toggle(category, channel, e.target.checked)}
                    />
                    <span className={sms && smsReason ? 'text-base-content/70' : ''}>{label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <SubmitButton className="max-sm:w-full" busy={saving} busyLabel={t('settings.saving')}>
        {t('settings.save')}
      </SubmitButton>
    </form>
  );
}
