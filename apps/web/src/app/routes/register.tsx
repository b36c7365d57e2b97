import { UserPlus } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import authTranslations from '@/locales/en/auth.json';

addTranslations('auth', authTranslations, () => import('@/locales/bn/auth.json'));

export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  return (
    <AuthCard
      icon={<UserPlus className="size-6" />}
      heading={t('register.heading')}
      subtitle={t('register.subtitle')}
      footer={
        <AuthSwitch question={t('register.haveAccount')} to={paths.login}>
          {t('register.loginLink')}
        </AuthSwitch>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
