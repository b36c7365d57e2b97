import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { alertDialog, toast } from '../../../lib/alerts';
import { changePassword, hasPasswordSignIn, isWrongPassword } from '../identity';
import { passwordChangeSchema, type PasswordChange } from '../password-change-schema';
import { FormField } from './form-field';
import { SUCCESS_POPUP_MS } from './profile-form';

const empty: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Security Settings: re-authenticates with the current password, then sets the new one.
 * A Google-only account has no password here: the form is disabled with a notice.
 */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const method = useQuery({ queryKey: ['profile', 'password-sign-in', email], queryFn: hasPasswordSignIn });
  const { register, handleSubmit, formState, reset } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: empty,
  });
  const change = useMutation({ mutationFn: (v: PasswordChange) => changePassword(v.currentPassword, v.newPassword) });

  const onValid = (values: PasswordChange) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(empty);
        void toast(t('security.successTitle'), t('security.successText'), SUCCESS_POPUP_MS);
      },
      onError: (error) =>
        void alertDialog(t('security.failedTitle'), isWrongPassword(error) ? t('security.wrongCurrent') : t('security.failedText')),
    });

  const googleOnly = method.data === false;
  const disabled = googleOnly || method.isPending || change.isPending;
  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={change.isPending} aria-labelledby="profile-security-heading">
      <h2 id="profile-security-heading" className="text-xl font-semibold">
        {t('security.heading')}
      </h2>
      {googleOnly && (
        <p role="note" className="alert mt-3 alert-info alert-soft text-sm">
          <Info className="size-5 shrink-0" aria-hidden="true" />
          <span>{t('security.googleManaged')}</span>
        </p>
      )}
      {method.isPending && <p className="mt-2 text-sm text-base-content/70">{t('security.checking')}</p>}
      <fieldset disabled={disabled} className="mt-2">
        <FormField
          id="profile-current-password"
          password
          label={t('security.currentPassword')}
          autoComplete="current-password"
          placeholder={t('security.currentPasswordPlaceholder')}
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <FormField
          id="profile-new-password"
          password
          label={t('security.newPassword')}
          autoComplete="new-password"
          placeholder={t('security.newPasswordPlaceholder')}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          id="profile-confirm-password"
          password
          label={t('security.confirmPassword')}
          autoComplete="new-password"
          placeholder={t('security.confirmPasswordPlaceholder')}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" className="btn mt-4 btn-primary max-sm:w-full">
          {change.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {change.isPending ? t('security.submitting') : t('security.submit')}
        </button>
      </fieldset>
    </form>
  );
}
