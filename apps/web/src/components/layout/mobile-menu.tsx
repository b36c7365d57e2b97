import type { User } from '@meramot/shared';
import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NavLink } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { MobileAccountLinks } from './account-menus';
import { LanguageSwitch } from './language-switch';
import { mainLinks } from './nav-items';
import { useDisclosure } from './use-disclosure';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** The hamburger menu under the lg breakpoint, holding the header's links (no account links while auth loads). */
export function MobileMenu({ user, loading = false }: { user: User | null; loading?: boolean }) {
  const { t } = useTranslation();
  const menu = useDisclosure();
  const localize = useLocalize();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (menu.open) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menu.open]);

  return (
    <div {...menu.rootProps} className="lg:hidden">
      <button
        {...menu.buttonProps}
        aria-label={t(menu.open ? 'nav.closeMenu' : 'nav.openMenu')}
        className="btn btn-square btn-ghost btn-sm"
      >
        {menu.open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>
      <nav
        ref={panelRef}
        {...menu.panelProps}
        aria-label={t('nav.mobileMenu')}
        className="absolute top-full right-0 left-0 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-base-300 bg-base-100 px-2 pb-4 shadow-xl"
      >
        <ul className="menu w-full">
          {mainLinks.map(({ to, labelKey }) => (
            <li key={to}>
              <NavLink to={localize(to)} end onClick={menu.close} className={linkClass}>
                {t(labelKey)}
              </NavLink>
            </li>
          ))}
          {loading ? null : user ? (
            <Suspense fallback={null}>
              <MobileAccountLinks onChoose={menu.close} />
            </Suspense>
          ) : (
            <li className="mt-2 flex flex-row gap-2 border-t border-base-300 pt-3">
              <NavLink to={paths.login} onClick={menu.close} className="btn flex-1 btn-outline btn-sm">
                {t('nav.login')}
              </NavLink>
              <NavLink to={paths.register} onClick={menu.close} className="btn flex-1 btn-primary btn-sm">
                {t('nav.getStarted')}
              </NavLink>
            </li>
          )}
          <li className="mt-2 border-t border-base-300 pt-2">
            <LanguageSwitch className="px-2" />
          </li>
        </ul>
      </nav>
    </div>
  );
}
