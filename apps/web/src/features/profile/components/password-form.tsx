import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { alertDialog, toast } from '@/lib/alerts';
import { changePassword, hasPasswordSignIn, isWrongPassword } from '../identity';
import { passwordChangeSchema, type PasswordChange } from '../password-change-schema';
import { Field, fieldAria } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { useValidationText } from '../validation-message';
import { SUCCESS_POPUP_MS } from './profile-form';
import { profileKeys } from '@/lib/query-keys';

const empty: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

const fields = [
  ['currentPassword', 'profile-current-password', 'current-password'],
  ['newPassword', 'profile-new-password', 'new-password'],
  ['confirmPassword', 'profile-confirm-password', 'new-password'],
] as const;

/**
 * Security Settings: re-authenticates with the current password, then sets the new one.
 * A Google-only account has no password here: the form is disabled with a notice.
 */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const say = useValidationText();
  const method = useQuery({ queryKey: profileKeys.passwordSignIn(email), queryFn: hasPasswordSignIn });
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
        void alertDialog(
          t('security.failedTitle'),
          isWrongPassword(error) ? t('security.wrongCurrent') : t('security.failedText'),
        ),
    });

  const googleOnly = method.data === false;
  const disabled = googleOnly || method.isPending || change.isPending;
  const { errors } = formState;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-busy={change.isPending}
      aria-labelledby="profile-security-heading"
    >
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
        {fields.map(([name, id, autoComplete]) => {
          const error = say(errors[name]?.message);
          return (
            <Field key={name} id={id} label={t(`security.${name}`)} error={error}>
              <PasswordInput
                {...fieldAria(id, { error })}
                invalid={!!error}
                autoComplete={autoComplete}
                placeholder={t(`security.${name}Placeholder`)}
                {...register(name)}
              />
            </Field>
          );
        })}
        <button type="submit" className="btn mt-4 btn-primary max-sm:w-full">
          {change.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {change.isPending ? t('security.submitting') : t('security.submit')}
        </button>
      </fieldset>
    </form>
  );
}
