import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { useAuth } from '@/lib/auth/auth-context';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { HeaderSearch } from '@/features/search/components/header-search';
import { HydrationTurn } from '@/lib/hydration-turns';
import { ErrorBoundary } from './error-boundary';
import { PageLanguage } from './page-language';
import { ScrollToTop } from './scroll-to-top';

// The signed-in person's bell, live stream and language sync: one chunk, never loaded for a visitor.
const signedIn = () => import('@/features/notifications/signed-in');
const NotificationBell = lazy(() => signedIn().then((m) => ({ default: m.NotificationBell })));
const SignedInSync = lazy(() => signedIn().then((m) => ({ default: m.SignedInSync })));
/** The bell's size while its chunk loads (or the stored session is checked): the header does not shift. */
const bellSlot = <span className="block size-8" aria-hidden="true" data-testid="bell-slot" />;

export function RootLayout() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    if (loading || user) void signedIn();
  }, [loading, user]);

  const notifications = user ? (
    <Suspense fallback={bellSlot}>
      <NotificationBell />
    </Suspense>
  ) : loading ? (
    bellSlot
  ) : undefined;

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        {t('nav.skipToContent')}
      </a>
      <HydrationTurn>
        <Header
          search={<HeaderSearch className="order-last w-full lg:order-none lg:max-w-md lg:flex-1" />}
          notifications={notifications}
        />
      </HydrationTurn>
      {/* At least a screen tall: the footer starts below the fold, so a page whose content grows
          as it loads (a list arriving after its skeleton) does not push a visible footer away
          (a layout shift of 0.24 on /services at 1280 px). */}
      <HydrationTurn>
        <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
          {/* A page that fails (its code not loaded, say) says so under the header; another page clears it. */}
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </HydrationTurn>
      <HydrationTurn>
        <Footer />
      </HydrationTurn>
      <ScrollToTop />
      <PageLanguage />
      {user && (
        <Suspense fallback={null}>
          <SignedInSync />
        </Suspense>
      )}
    </div>
  );
}
