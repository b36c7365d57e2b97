import { LogIn } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard, AuthNotice } from '@/features/auth/components/auth-card';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { LoginForm } from '@/features/auth/components/login-form';
import type { AuthLocationState } from '@/features/auth/components/redirect-target';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import authTranslations from '@/locales/en/auth.json';

addTranslations('auth', authTranslations, () => import('@/locales/bn/auth.json'));

export default function LoginRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const state = useLocation().state as AuthLocationState | null;
  const notice = state?.registered ? t('login.registered') : state?.from ? t('login.loginToContinue') : null;
  return (
    <AuthCard
      icon={<LogIn className="size-6" />}
      heading={t('login.heading')}
      subtitle={t('login.subtitle')}
      notice={notice && <AuthNotice>{notice}</AuthNotice>}
      footer={
        <AuthSwitch question={t('login.noAccount')} to={paths.register}>
          {t('login.registerLink')}
        </AuthSwitch>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
