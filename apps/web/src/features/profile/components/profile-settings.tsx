import { useTranslation } from '@/lib/i18n';
import { useAuth } from '@/lib/auth/auth-context';
import { AvatarCard } from './avatar-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** The Profile Settings screen: avatar card, Profile Information and Security Settings. */
export function ProfileSettings() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-base-content/80">{t('subtitle')}</p>
      {user && (
        <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
          <div>
            <AvatarCard user={user} />
          </div>
          <div className="space-y-6">
            <div className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <ProfileForm key={user.id} user={user} />
              </div>
            </div>
            <div className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <PasswordForm email={user.email} />
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
