import type { NotificationPreferences } from '@meramot/shared';
import { toast } from '@/lib/alerts';
import { useTranslation } from '@/lib/i18n';
import { useRemoveSmsPhone } from '../api/remove-sms-phone';
import { formatPhone, phoneFailure, TOAST_MS } from '../sms-phone';
import { PhoneVerification } from './phone-verification';

/** "Mobile number for SMS": the verified number with Remove, or the form that verifies one. */
export function SmsPhoneSection({ preferences }: { preferences: NotificationPreferences }) {
  const { t, language } = useTranslation('notifications');
  const remove = useRemoveSmsPhone();
  const failure = remove.error ? phoneFailure(remove.error) : null;

  return (
    <section aria-labelledby="sms-phone-heading" className="mt-6 border-t border-base-300 pt-5">
      <h3 id="sms-phone-heading" className="text-lg font-semibold">
        {t('phone.heading')}
      </h3>
      <p className="mt-1 text-sm text-base-content/80">{t('phone.intro')}</p>
      {preferences.smsPhone ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p>{t('phone.verified', { phone: formatPhone(preferences.smsPhone, language) })}</p>
          <button
            type="button"
            className="btn btn-outline btn-sm btn-error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => void toast(t('phone.removedTitle'), t('phone.removedText'), TOAST_MS),
              })
            }
          >
            {remove.isPending && <span className="loading loading-xs loading-spinner" aria-hidden="true" />}
            {remove.isPending ? t('phone.removing') : t('phone.remove')}
          </button>
          {failure && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
              {'sentence' in failure ? failure.sentence : t(`phone.errors.${failure.key}`)}
            </p>
          )}
        </div>
      ) : (
        <PhoneVerification />
      )}
    </section>
  );
}
