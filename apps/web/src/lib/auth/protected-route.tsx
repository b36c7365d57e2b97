import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';
import { useLocalize } from '../page-language';

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

/**
 * Public auth pages (/login, /register) send a user who arrives signed in to /services. A user
 * who signs in on the page itself is sent on by the page (to 'from', otherwise /), so this
 * redirect must not race it: once the page has been shown to a guest, it stays.
 */
export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const [shownToGuest, setShownToGuest] = useState(false);
  const localize = useLocalize();
  if (!loading && !user && !shownToGuest) setShownToGuest(true);
  // Verifying a stored token: keep the page's room (no footer jump), show nothing else.
  if (loading) return <div className="min-h-[60vh]" aria-busy="true" />;
  if (user && !shownToGuest) return <Navigate to={localize(paths.services)} replace />;
  return children;
}
