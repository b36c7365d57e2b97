import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { HeaderSearch } from '../../features/search/components/header-search';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50">
        {t('nav.skipToContent')}
      </a>
      <Header search={<HeaderSearch className="order-last w-full lg:order-none lg:max-w-md lg:flex-1" />} />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
