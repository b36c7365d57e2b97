import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import {
  authFormMessageKey,
  authFormMessages,
  registerSchema,
  type RegisterInput,
  type RegisterValues,
  type User,
} from '@meramot/shared';
import { paths } from '@/config/paths';
import { alertDialog, toast } from '@/lib/alerts';
import { isSupersededPopup, mapRegisterError } from '@/lib/auth-errors';
import { displayNameOf } from '@/lib/format';
import { AccountCreatedError, useAuth } from '@/lib/auth/auth-context';
import { AuthFormError } from './auth-card';
import { GoogleButton, OrDivider } from './google-button';
import { PasswordInput } from '@/components/ui/password-input';
import { isFirstSignIn, keepFrom, redirectTarget, SUCCESS_POPUP_MS, type AuthLocationState } from './redirect-target';
import { Field, fieldAria } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/**
 * Sign-up with name, e-mail, optional photo URL and password, or with Google. Either way the new
 * user is signed in and sent where they were going (the 'from' page), otherwise to /: the spec's
 * detour through /login, typing the password again, is gone.
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { signUp, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const { register, handleSubmit, formState } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', photoURL: '', password: '' },
  });
  const emailSignUp = useMutation({ mutationFn: (values: RegisterValues) => signUp(values) });
  const googleSignUp = useMutation({ mutationFn: () => signInWithGoogle() });

  const { errors } = formState;
  const missing = (Object.keys(errors) as (keyof RegisterInput)[]).filter(
    (field) => errors[field]?.message === authFormMessages.missingRequiredFields,
  );
  /** A field's own message (the "required" one is shown once, above the form). */
  const fieldError = (field: keyof RegisterInput) => {
    const message = errors[field]?.message;
    if (!message || missing.includes(field)) return undefined;
    const key = authFormMessageKey(message);
    return key ? t(`validation.${key}`) : message;
  };

  const onValid = (values: RegisterValues) =>
    emailSignUp.mutate(values, {
      // Signed in at once: welcomed as new (never "Welcome back"), then where they were going.
      onSuccess: (user: User) => {
        const name = displayNameOf(user);
        void toast(t('register.successTitle'), t('register.googleSuccessText', { name }), SUCCESS_POPUP_MS);
        void navigate(redirectTarget(location.state, location.search), { replace: true });
      },
      onError: (error) => {
        if (error instanceof AccountCreatedError) {
          // The account exists but no session could be opened: log in with it as usual.
          void toast(t('register.successTitle'), t('register.successText'), SUCCESS_POPUP_MS);
          const state: AuthLocationState = {
            registered: true,
            email: values.email,
            ...keepFrom(location.state, location.search),
          };
          void navigate(paths.login, { state });
        } else void alertDialog(t('register.failedTitle'), t(`errors.${mapRegisterError(error)}`));
      },
    });

  const onGoogle = () =>
    googleSignUp.mutate(undefined, {
      onSuccess: (user: User) => {
        const name = displayNameOf(user);
        if (isFirstSignIn(user))
          void toast(t('register.successTitle'), t('register.googleSuccessText', { name }), SUCCESS_POPUP_MS);
        else void toast(t('login.successTitle'), t('login.successText', { name }), SUCCESS_POPUP_MS);
        void navigate(redirectTarget(location.state, location.search), { replace: true });
      },
      onError: (error) => {
        if (!isSupersededPopup(error))
          void alertDialog(t('register.failedTitle'), t(`errors.${mapRegisterError(error, 'google')}`));
      },
    });

  const busy = emailSignUp.isPending;
  const passwordError = fieldError('password');
  return (
    <div>
      <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={busy}>
        {missing.length > 0 && <AuthFormError>{t('validation.missingRequiredFields')}</AuthFormError>}
        <Field
          id="register-name"
          label={t('register.name')}
          autoComplete="name"
          placeholder={t('register.namePlaceholder')}
          required
          invalid={missing.includes('name')}
          error={fieldError('name')}
          {...register('name')}
        />
        <Field
          id="register-email"
          label={t('register.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('register.emailPlaceholder')}
          required
          invalid={missing.includes('email')}
          error={fieldError('email')}
          {...register('email')}
        />
        <Field
          id="register-photo"
          label={
            <>
              {t('register.photoURL')}{' '}
              <span className="font-normal text-base-content/70">{t('register.optional')}</span>
            </>
          }
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder={t('register.photoURLPlaceholder')}
          error={fieldError('photoURL')}
          {...register('photoURL')}
        />
        <Field
          id="register-password"
          label={t('register.password')}
          hint={t('register.passwordHint')}
          error={passwordError}
        >
          <PasswordInput
            {...fieldAria('register-password', { hint: true, error: passwordError })}
            autoComplete="new-password"
            placeholder={t('register.passwordPlaceholder')}
            required
            invalid={!!errors.password}
            {...register('password')}
          />
        </Field>
        <SubmitButton className="mt-4 w-full" busy={busy} busyLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleButton onClick={onGoogle} waiting={googleSignUp.isPending} />
    </div>
  );
}
