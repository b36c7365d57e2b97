import type { ConfirmationResult } from 'firebase/auth';
import { useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/alerts';
import { firebaseAuthModule, getFirebaseAuth } from '@/lib/firebase';
import { useTranslation } from '@/lib/i18n';
import { useVerifySmsPhone } from '../api/verify-sms-phone';
import { formatPhone, phoneFailure, toCode, toE164, TOAST_MS, type PhoneFailure } from '../sms-phone';

/** Links the number to the signed-in Firebase account (Firebase sends the code); answers how to confirm it. */
async function sendCode(phone: string, container: HTMLElement): Promise<ConfirmationResult> {
  const [auth, sdk] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('No signed-in Firebase user'), { code: 'auth/no-current-user' });
  // The Auth Emulator shows the codes itself: no real reCAPTCHA then.
  if (auth.emulatorConfig) auth.settings.appVerificationDisabledForTesting = true;
  // A number linked before (and since removed here) is replaced by the new one.
  if (user.providerData.some((p) => p.providerId === 'phone')) await sdk.unlink(user, 'phone');
  const verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await sdk.linkWithPhoneNumber(user, phone, verifier);
  } finally {
    verifier.clear();
  }
}

/**
 * Verifies a mobile number for SMS with Firebase phone sign-in: the number (01XXXXXXXXX, Bengali
 * digits too), an invisible reCAPTCHA, the 6-digit code Firebase sends, then a fresh ID token of the
 * account (its phone_number claim) to the server.
 */
export function PhoneVerification() {
  const { t, language } = useTranslation('notifications');
  const verify = useVerifySmsPhone();
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const confirmation = useRef<ConfirmationResult | null>(null);
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<PhoneFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setFailure(phoneFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const submitNumber = (e: FormEvent) => {
    e.preventDefault();
    const e164 = toE164(number);
    setInvalid(e164 ? null : t('phone.invalidNumber'));
    if (!e164) return;
    void run(async () => {
      confirmation.current = await sendCode(e164, recaptchaRef.current!);
      setPhone(e164);
      setCode('');
      setStep('code');
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const typed = toCode(code);
    setInvalid(typed ? null : t('phone.invalidCode'));
    if (!typed || !confirmation.current) return;
    void run(async () => {
      const credential = await confirmation.current!.confirm(typed);
      await verify.mutateAsync(await credential.user.getIdToken(true));
      void toast(t('phone.verifiedTitle'), t('phone.verifiedText', { phone: formatPhone(phone, language) }), TOAST_MS);
    });
  };

  const message = failure && ('sentence' in failure ? failure.sentence : t(`phone.errors.${failure.key}`));
  return (
    <div className="mt-2 max-w-sm">
      {step === 'number' ? (
        <form noValidate onSubmit={submitNumber} aria-busy={busy}>
          <Field
            id="sms-phone-number"
            label={t('phone.number')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('phone.numberPlaceholder')}
            hint={t('phone.numberHint')}
            error={invalid}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <SubmitButton className="mt-2 btn-sm" busy={busy} busyLabel={t('phone.sending')}>
            {t('phone.sendCode')}
          </SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} aria-busy={busy}>
          <p role="status" className="text-sm">
            {t('phone.codeSent', { phone: formatPhone(phone, language) })}
          </p>
          <Field
            id="sms-phone-code"
            label={t('phone.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={invalid}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <SubmitButton className="btn-sm" busy={busy} busyLabel={t('phone.verifying')}>
              {t('phone.verify')}
            </SubmitButton>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => {
                setStep('number');
                setInvalid(null);
                setFailure(null);
              }}
            >
              {t('phone.changeNumber')}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
      <div ref={recaptchaRef} />
    </div>
  );
}
