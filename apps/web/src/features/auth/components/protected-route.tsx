import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../auth-context';

/** Shows "Verifying authentication..." while loading, then the page or a redirect to /login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, token, loading, isAuthenticated } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p>{t('auth.verifying')}</p>
      </div>
    );
  }
  if (!user || !token || !isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return children;
}

/** Public auth pages (/login, /register) send a signed-in user to /services. */
export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return null;
  if (user) return <Navigate to={paths.services} replace />;
  return children;
}
