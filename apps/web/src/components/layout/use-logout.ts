import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';
import { alertDialog, toast } from '@/lib/alerts';

/** Spec section 8: the logout toast lasts 2000 ms. */
export const LOGOUT_TOAST_MS = 2000;

/**
 * Goes home, logs out and shows the 'Logged Out' toast; a failure shows the 'Logout Failed' dialog.
 * Home comes first: clearing the user while a protected page is shown would make that page
 * redirect to /login instead.
 */
export function useLogout() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const localize = useLocalize();

  return async () => {
    await navigate(localize(paths.home));
    try {
      await logout();
    } catch {
      void alertDialog(t('auth.logoutFailedTitle'), t('auth.logoutFailedText'));
      return;
    }
    void toast(t('auth.loggedOutTitle'), t('auth.loggedOutText'), LOGOUT_TOAST_MS);
  };
}
