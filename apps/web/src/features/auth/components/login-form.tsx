import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { displayNameOf } from '@/lib/format';
import { loginSchema, type LoginInput, type LoginValues, type User } from '@meramot/shared';
import { toast } from '@/lib/alerts';
import { isSupersededPopup, mapLoginError, type AuthErrorKey } from '@/lib/auth-errors';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthFormError } from './auth-card';
import { GoogleButton, OrDivider } from './google-button';
import { PasswordInput } from '@/components/ui/password-input';
import { redirectTarget, SUCCESS_POPUP_MS, type AuthLocationState } from './redirect-target';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordResetForm } from './password-reset-form';

/** Why the last attempt failed: a sign-in error, or fields left empty. */
type Failure = AuthErrorKey | 'missing';

/** Failures that point at one field: focus goes there so the person can correct it at once. */
const fieldOf: Partial<Record<Failure, 'email' | 'password'>> = {
  userNotFound: 'email',
  invalidEmail: 'email',
  wrongPassword: 'password',
  invalidCredential: 'password',
};

const ERROR_ID = 'login-error';

/**
 * E-mail + password sign-in, "Forgot password?" and "Continue with Google". On success: "Login
 * Successful!" and back to the 'from' page, otherwise /. A failure is said under the form (an
 * alert, in the language in use), not in a dialog to click away.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { signIn, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as AuthLocationState | null;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resetting, setResetting] = useState(false);
  const backFromReset = useRef(false);

  const prefilledEmail = state?.email ?? '';
  const { register, handleSubmit, formState, setFocus, getValues, setValue } = useForm<
    LoginInput,
    unknown,
    LoginValues
  >({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: prefilledEmail, password: '' },
  });
  // Account created but not signed in: the e-mail is filled in, the password is next.
  useEffect(() => {
    if (prefilledEmail) setFocus('password');
  }, [prefilledEmail, setFocus]);
  const passwordLogin = useMutation({ mutationFn: ({ email, password }: LoginValues) => signIn(email, password) });
  const googleLogin = useMutation({ mutationFn: () => signInWithGoogle() });

  const succeed = (user: User) => {
    const name = displayNameOf(user);
    void toast(t('login.successTitle'), t('login.successText', { name }), SUCCESS_POPUP_MS);
    void navigate(redirectTarget(state, location.search), { replace: true });
  };

  const fail = (key: Failure) => {
    setFailure(key);
    const field = fieldOf[key];
    if (field) setFocus(field, { shouldSelect: true });
  };

  const onValid = (values: LoginValues) => {
    setFailure(null);
    passwordLogin.mutate(values, { onSuccess: succeed, onError: (error) => fail(mapLoginError(error)) });
  };
  // react-hook-form focuses the first empty field.
  const onInvalid = () => setFailure('missing');

  const onGoogle = () => {
    setFailure(null);
    googleLogin.mutate(undefined, {
      onSuccess: succeed,
      onError: (error) => {
        if (!isSupersededPopup(error)) fail(mapLoginError(error, 'google'));
      },
    });
  };

  const openReset = () => {
    setFailure(null);
    setResetting(true);
  };
  const closeReset = (email: string) => {
    if (email) setValue('email', email);
    backFromReset.current = true;
    setResetting(false);
  };
  // Back from "Forgot password?": focus goes to the field that needs typing next.
  useEffect(() => {
    if (resetting || !backFromReset.current) return;
    backFromReset.current = false;
    setFocus(getValues('email') ? 'password' : 'email');
  }, [resetting, getValues, setFocus]);

  if (resetting) return <PasswordResetForm initialEmail={getValues('email').trim()} onBack={closeReset} />;

  const busy = passwordLogin.isPending;
  const title = failure && (failure === 'missing' ? t('login.missingTitle') : t('login.failedTitle'));
  const message = failure && (failure === 'missing' ? t('login.missingText') : t(`errors.${failure}`));
  const describedBy = message ? ERROR_ID : undefined;
  const { errors } = formState;
  const credentialsWrong = failure === 'wrongPassword' || failure === 'invalidCredential';
  return (
    <div>
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy}>
        <Field
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          invalid={!!errors.email || failure === 'userNotFound' || failure === 'invalidEmail'}
          aria-describedby={describedBy}
          {...register('email')}
        />
        <Field id="login-password" label={t('login.password')}>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            invalid={!!errors.password || credentialsWrong}
            aria-describedby={describedBy}
            {...register('password')}
          />
        </Field>
        <div className="mt-1 flex justify-end">
          <button type="button" className="link text-sm link-primary" onClick={openReset}>
            {t('login.forgotPassword')}
          </button>
        </div>
        <SubmitButton className="mt-4 w-full" busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        {/* Always in the page, so the alert is announced when its text appears. */}
        <div id={ERROR_ID} role="alert">
          {message && (
            <AuthFormError live={false} className="mt-3">
              <strong className="block">{title}</strong> {message}
            </AuthFormError>
          )}
        </div>
      </form>
      <OrDivider />
      <GoogleButton onClick={onGoogle} waiting={googleLogin.isPending} />
    </div>
  );
}
