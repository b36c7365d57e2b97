import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { displayNameOf } from '../../../lib/format';
import { loginSchema, type LoginInput, type LoginValues, type User } from '@meramot/shared';
import { alertDialog, toast } from '../../../lib/alerts';
import { isSupersededPopup, mapLoginError } from '../../../lib/auth-errors';
import { useAuth } from '../../../lib/auth/auth-context';
import { GoogleButton, OrDivider } from './google-button';
import { PasswordInput } from '../../../components/ui/password-input';
import { redirectTarget, SUCCESS_POPUP_MS, type AuthLocationState } from './redirect-target';
import { Field } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';

/**
 * E-mail + password sign-in and "Continue with Google". On success: "Login Successful!" and back
 * to the 'from' page, otherwise /.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { signIn, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as AuthLocationState | null;

  const prefilledEmail = state?.email ?? '';
  const { register, handleSubmit, formState, setFocus } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: prefilledEmail, password: '' },
  });
  // Just registered: the e-mail is filled in, the password is next.
  useEffect(() => {
    if (prefilledEmail) setFocus('password');
  }, [prefilledEmail, setFocus]);
  const passwordLogin = useMutation({ mutationFn: ({ email, password }: LoginValues) => signIn(email, password) });
  const googleLogin = useMutation({ mutationFn: () => signInWithGoogle() });

  const succeed = (user: User) => {
    const name = displayNameOf(user);
    void toast(t('login.successTitle'), t('login.successText', { name }), SUCCESS_POPUP_MS);
    void navigate(redirectTarget(state), { replace: true });
  };

  const onValid = (values: LoginValues) =>
    passwordLogin.mutate(values, {
      onSuccess: succeed,
      onError: (error) => void alertDialog(t('login.failedTitle'), t(`errors.${mapLoginError(error)}`)),
    });
  const onInvalid = () => void alertDialog(t('login.missingTitle'), t('login.missingText'), 'warning');

  const onGoogle = () =>
    googleLogin.mutate(undefined, {
      onSuccess: succeed,
      onError: (error) => {
        if (!isSupersededPopup(error))
          void alertDialog(t('login.failedTitle'), t(`errors.${mapLoginError(error, 'google')}`));
      },
    });

  const busy = passwordLogin.isPending;
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
          invalid={!!formState.errors.email}
          {...register('email')}
        />
        <Field id="login-password" label={t('login.password')}>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            invalid={!!formState.errors.password}
            {...register('password')}
          />
        </Field>
        <SubmitButton className="mt-4 w-full" busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleButton onClick={onGoogle} waiting={googleLogin.isPending} />
    </div>
  );
}
