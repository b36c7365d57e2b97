import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { mapResetError, type AuthErrorKey } from '@/lib/auth-errors';
import { useTranslation } from '@/lib/i18n';
import { sendPasswordReset } from '../api/send-password-reset';
import { AuthFormError } from './auth-card';

interface Props {
  /** What the Login form's e-mail field held. */
  initialEmail: string;
  /** Back to the Login form, with the e-mail last entered here. */
  onBack(email: string): void;
}

/**
 * "Forgot password?": sends the identity service's password-reset e-mail. The confirmation is
 * the same whether or not the address has an account, so the page reveals neither.
 */
export function PasswordResetForm({ initialEmail, onBack }: Props) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<AuthErrorKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const send = useMutation({ mutationFn: sendPasswordReset });

  // Opened: the e-mail field is next. Sent: the confirmation is read first.
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
    else emailRef.current?.focus();
  }, [sentTo]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setFailure(null);
    setMissing(!address);
    if (!address) {
      emailRef.current?.focus();
      return;
    }
    send.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => {
        const key = mapResetError(error);
        if (key) setFailure(key);
        else setSentTo(address);
      },
    });
  };

  if (sentTo) {
    return (
      <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
        <h2 ref={sentRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold focus:outline-none">
          <MailCheck className="size-5 shrink-0 text-green-700 dark:text-green-300" aria-hidden="true" />
          {t('reset.sentHeading')}
        </h2>
        <p className="mt-2 text-sm break-words">{t('reset.sentText', { email: sentTo })}</p>
        <button type="button" className="btn mt-4 w-full btn-outline" onClick={() => onBack(sentTo)}>
          {t('reset.back')}
        </button>
      </div>
    );
  }

  const busy = send.isPending;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby="reset-heading">
      <h2 id="reset-heading" className="text-lg font-semibold">
        {t('reset.heading')}
      </h2>
      <p id="reset-intro" className="mt-1 mb-2 text-sm text-base-content/80">
        {t('reset.intro')}
      </p>
      <Field
        ref={emailRef}
        id="reset-email"
        label={t('reset.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing ? t('reset.emailRequired') : undefined}
        invalid={failure === 'invalidEmail'}
        aria-describedby={missing ? 'reset-email-error' : failure ? 'reset-error' : 'reset-intro'}
      />
      <SubmitButton className="mt-4 w-full" busy={busy} busyLabel={t('reset.submitting')}>
        {t('reset.submit')}
      </SubmitButton>
      {/* Always in the page, so the alert is announced when its text appears. */}
      <div id="reset-error" role="alert">
        {failure && (
          <AuthFormError live={false} className="mt-3">
            {t(`errors.${failure}`)}
          </AuthFormError>
        )}
      </div>
      <button type="button" className="btn mt-2 w-full btn-ghost" onClick={() => onBack(email.trim())}>
        {t('reset.back')}
      </button>
    </form>
  );
}
