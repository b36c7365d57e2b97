import { ChevronDown, LayoutDashboard } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { NavLink } from '@/components/link';
import { dashboardLinks } from './dashboard-links';
import { useDisclosure } from './use-disclosure';

/** The signed-in user's Dashboard dropdown (desktop). */
export function DashboardMenu() {
  const { t } = useTranslation();
  const menu = useDisclosure();

  return (
    <div {...menu.rootProps} className="relative">
      <button {...menu.buttonProps} className="btn gap-1 btn-ghost btn-sm">
        <LayoutDashboard className="size-4" aria-hidden="true" />
        {t('nav.dashboard')}
        <ChevronDown className={`size-4 transition-transform ${menu.open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul
        {...menu.panelProps}
        className="menu absolute top-full right-0 z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl"
      >
        {dashboardLinks.map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} onClick={menu.close} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
              {Icon && <Icon className="size-4" aria-hidden="true" />}
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
