import { Wrench } from 'lucide-react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation, type Language } from '@/lib/i18n';
import { isActivePath, Link, NavLink } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';
import { useServerFragment } from '@/lib/server-fragments';
import { DashboardMenu, preloadAccountMenus, UserMenu } from './account-menus';
import { LanguageSwitch } from './language-switch';
import { MobileMenu } from './mobile-menu';
import { mainLinks } from './nav-items';
import { ThemeToggle } from './theme-toggle';

const HEADER_CLASS = 'sticky top-0 z-40 border-b border-base-300 bg-base-100 shadow-sm';

/** Every address the header's NavLinks (its own and the mobile menu's) go to, in either language. */
const NAV_TARGETS = [...mainLinks.map(({ to }) => to), paths.login, paths.register];

/**
 * What a visitor's header depends on, as a server fragment's key (lib/server-fragments.tsx): the
 * language, and which of its NavLinks are active at `pathname` (each target, localized or not,
 * with and without `end`). A NavLink to another address must add it to NAV_TARGETS.
 */
function visitorHeaderKey(language: Language, pathname: string, localize: (path: string) => string): string {
  let flags = '';
  for (const to of NAV_TARGETS) {
    for (const path of [to, localize(to)]) {
      flags += `${+isActivePath(pathname, path, true)}${+isActivePath(pathname, path, false)}`;
    }
  }
  return `${language}:${flags}`;
}

const avatarSkeleton = <div className="size-8 skeleton rounded-full" aria-hidden="true" data-testid="auth-skeleton" />;

/**
 * The site header; the app's layout passes in the features it shows: the search box (`search`)
 * and, for a signed-in person, the notifications bell (`notifications`, beside the avatar at every
 * width, so it stays in reach on a phone).
 */
export function Header({ search, notifications }: { search?: ReactNode; notifications?: ReactNode }) {
  const { t, language } = useTranslation();
  const { user, loading } = useAuth();
  const localize = useLocalize();
  const { pathname } = useLocation();
  // A stored session is being checked: fetch the signed-in menus meanwhile.
  useEffect(() => {
    if (loading || user) preloadAccountMenus();
  }, [loading, user]);
  // On the server, a visitor's header made before for the same key (the browser renders it whole).
  const made = useServerFragment('header', () =>
    user || loading ? null : visitorHeaderKey(language, pathname, localize),
  );
  if (made !== undefined) return <header className={HEADER_CLASS} dangerouslySetInnerHTML={{ __html: made }} />;

  return (
    <header className={HEADER_CLASS}>
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-2 px-3 py-2 sm:gap-x-2 lg:flex-nowrap lg:gap-x-4 lg:px-6">
        <Link
          to={localize(paths.home)}
          className="flex shrink-0 items-center gap-2 rounded-btn px-1 text-xl font-bold text-primary"
        >
          <Wrench className="size-6" aria-hidden="true" />
          {t('productName')}
        </Link>

        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainLinks.map(({ to, labelKey }) => (
              <li key={to}>
                <NavLink
                  to={localize(to)}
                  end
                  className={({ isActive }) => `btn btn-ghost btn-sm ${isActive ? 'btn-active' : ''}`}
                >
                  {t(labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {search}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user && !loading && (
            <div className="hidden lg:block">
              <Suspense fallback={<span className="btn invisible btn-ghost btn-sm">{t('nav.dashboard')}</span>}>
                <DashboardMenu />
              </Suspense>
            </div>
          )}
          <LanguageSwitch className="hidden sm:flex" />
          <ThemeToggle />
          {notifications}
          {loading ? (
            avatarSkeleton
          ) : user ? (
            <Suspense fallback={avatarSkeleton}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link to={paths.login} className="btn btn-ghost btn-sm">
                {t('nav.login')}
              </Link>
              <Link to={paths.register} className="btn hidden btn-sm btn-primary sm:inline-flex">
                {t('nav.getStarted')}
              </Link>
            </>
          )}
          <MobileMenu user={user} loading={loading} />
        </div>
      </div>
    </header>
  );
}
