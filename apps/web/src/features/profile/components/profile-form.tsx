import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { profileUpdateSchema, type ProfileUpdate, type User } from '@meramot/shared';
import { AUTH_REQUIRED } from '../../../lib/api-client';
import { alertDialog, toast } from '../../../lib/alerts';
import { useAuth } from '../../auth/auth-context';
import { useUpdateProfile, type ProfileValues } from '../api/update-profile';
import { NO_USER } from '../identity';
import { FormField } from './form-field';

export const SUCCESS_POPUP_MS = 2500;

const formValues = (user: User) => ({
  displayName: user.displayName ?? '',
  photoURL: user.photoURL ?? '',
  phone: user.phone ?? '',
});

/**
 * Profile Information: display name, read-only e-mail, photo URL and phone. Saves to the identity
 * service and our server, then puts the answer into the auth state (the header follows at once).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const { setUser, refreshToken } = useAuth();
  const { register, handleSubmit, formState, reset } = useForm<ProfileUpdate, unknown, ProfileValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(user),
  });
  const save = useUpdateProfile();

  const onValid = (values: ProfileValues) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        setUser(answer);
        reset(formValues(answer)); // the server's normalised phone, e.g. spaces removed
        void toast(t('info.successTitle'), t('info.successText'), SUCCESS_POPUP_MS);
      },
      onError: async (error) => {
        if (error.message === AUTH_REQUIRED) {
          try {
            await refreshToken();
            void alertDialog(t('info.refreshedTitle'), t('info.refreshedText'), 'info');
            return;
          } catch {
            // Fall through to the general failure.
          }
        }
        const text = error.message === NO_USER ? t('info.noUser') : t('info.failedText');
        void alertDialog(t('info.failedTitle'), text);
      },
    });

  const { errors } = formState;
  const busy = save.isPending;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={busy} aria-labelledby="profile-info-heading">
      <h2 id="profile-info-heading" className="text-xl font-semibold">
        {t('info.heading')}
      </h2>
      <div className="mt-2">
        <FormField
          id="profile-name"
          label={t('info.displayName')}
          autoComplete="name"
          placeholder={t('info.displayNamePlaceholder')}
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <FormField
          id="profile-email"
          label={t('info.email')}
          type="email"
          value={user.email}
          readOnly
          hint={t('info.emailHint')}
          className="bg-base-200 text-base-content/80"
        />
        <FormField
          id="profile-photo"
          label={t('info.photoURL')}
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder={t('info.photoURLPlaceholder')}
          hint={t('info.photoURLHint')}
          error={errors.photoURL?.message}
          {...register('photoURL')}
        />
        <FormField
          id="profile-phone"
          label={t('info.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('info.phonePlaceholder')}
          hint={t('info.phoneHint')}
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <button type="submit" className="btn mt-4 btn-primary max-sm:w-full" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('info.submitting') : t('info.submit')}
      </button>
    </form>
  );
}
