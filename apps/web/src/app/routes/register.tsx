import { UserPlus } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { keepFrom } from '../../features/auth/components/redirect-target';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { addTranslations } from '../../lib/i18n';
import authTranslations from '../../locales/en/auth.json';

addTranslations('auth', authTranslations);

export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  const { state } = useLocation();
  return (
    <AuthCard
      icon={<UserPlus className="size-6" />}
      heading={t('register.heading')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link
            to={paths.login}
            state={keepFrom(state)}
            className="link font-semibold link-primary"
          >
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
