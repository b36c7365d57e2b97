import { LogOut, UserCog } from 'lucide-react';
import { NavLink } from '@/components/link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { dashboardLinks } from './dashboard-links';
import { useLogout } from './use-logout';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** The signed-in part of the mobile menu: the dashboard pages, Profile Settings and Logout. */
export function MobileAccountLinks({ onChoose }: { onChoose(): void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <>
      <li className="menu-title mt-2 text-base-content/80">{t('nav.dashboard')}</li>
      {dashboardLinks.map(({ to, labelKey, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} onClick={onChoose} className={linkClass}>
            {Icon && <Icon className="size-4" aria-hidden="true" />}
            {t(labelKey)}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-base-300 pt-2">
        <NavLink to={paths.profileSettings} onClick={onChoose} className={linkClass}>
          <UserCog className="size-4" aria-hidden="true" />
          {t('nav.profileSettings')}
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          onClick={() => {
            onChoose();
            void logout();
          }}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t('nav.logout')}
        </button>
      </li>
    </>
  );
}
