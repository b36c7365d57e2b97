import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { toLatinDigits } from '@/lib/format';
import { profileUpdateSchema, type Photo, type ProfileUpdate, type User } from '@meramot/shared';
import { alertDialog, toast } from '@/lib/alerts';
import { useAuth } from '@/lib/auth/auth-context';
import { useUpdateProfile, type ProfileValues } from '../api/update-profile';
import { NoUserError } from '../identity';
import { Field } from '@/components/ui/field';
import { useValidationText } from '../validation-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { PhotoPicker } from '@/components/photos/photo-picker';

export const SUCCESS_POPUP_MS = 2500;

const formValues = (user: User) => ({
  displayName: user.displayName ?? '',
  photoURL: user.photoURL ?? '',
  phone: user.phone ?? '',
});

const PHOTO_ID = 'profile-photo-upload';

/**
 * Profile Information: display name, read-only e-mail, photo (uploaded, or a URL) and phone. Saves
 * to the identity service and our server, then puts the answer into the auth state (the header
 * follows at once).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const say = useValidationText();
  const { setUser } = useAuth();
  const { register, handleSubmit, formState, reset } = useForm<ProfileUpdate, unknown, ProfileValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(user),
  });
  const save = useUpdateProfile();
  // A photo uploaded here (issue 23): it becomes the profile photo when the form is saved.
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();

  const onValid = (values: ProfileValues) => {
    if (uploading) {
      setPhotoError(t('info.photoUploading'));
      document.getElementById(PHOTO_ID)?.focus();
      return;
    }
    save.mutate(
      { ...values, photo: photos[0] ?? null },
      {
        onSuccess: (answer) => {
          setUser(answer);
          setPhotos([]); // the profile's photo now, shown on the card
          reset(formValues(answer)); // the server's normalised phone, e.g. spaces removed
          void toast(t('info.successTitle'), t('info.successText'), SUCCESS_POPUP_MS);
        },
        // A 401 was answered by the API client (session refreshed and the call retried, else signed out).
        onError: (error) => {
          const text = error instanceof NoUserError ? t('info.noUser') : t('info.failedText');
          void alertDialog(t('info.failedTitle'), text);
        },
      },
    );
  };

  const { errors } = formState;
  const busy = save.isPending;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={busy} aria-labelledby="profile-info-heading">
      <h2 id="profile-info-heading" className="text-xl font-semibold">
        {t('info.heading')}
      </h2>
      <div className="mt-2">
        <Field
          id="profile-name"
          label={t('info.displayName')}
          autoComplete="name"
          placeholder={t('info.displayNamePlaceholder')}
          error={say(errors.displayName?.message)}
          {...register('displayName')}
        />
        <Field
          id="profile-email"
          label={t('info.email')}
          type="email"
          value={user.email}
          readOnly
          hint={t('info.emailHint')}
          className="bg-base-200 text-base-content/80"
        />
        <PhotoPicker
          id={PHOTO_ID}
          label={t('info.photo')}
          hint={t('info.photoHint')}
          value={photos}
          onChange={(next) => {
            setPhotos(next);
            setPhotoError(undefined);
          }}
          max={1}
          allowCamera
          camera="user"
          error={photoError}
          onBusyChange={(busy) => {
            setUploading(busy);
            if (!busy) setPhotoError(undefined);
          }}
        />
        <Field
          id="profile-photo"
          label={t('info.photoURL')}
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder={t('info.photoURLPlaceholder')}
          hint={t('info.photoURLHint')}
          error={say(errors.photoURL?.message)}
          {...register('photoURL')}
        />
        <Field
          id="profile-phone"
          label={t('info.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('info.phonePlaceholder')}
          hint={t('info.phoneHint')}
          error={say(errors.phone?.message)}
          {...register('phone', { setValueAs: (v: unknown) => (typeof v === 'string' ? toLatinDigits(v) : v) })}
        />
      </div>
      <SubmitButton className="mt-4 max-sm:w-full" busy={busy} busyLabel={t('info.submitting')}>
        {t('info.submit')}
      </SubmitButton>
    </form>
  );
}
