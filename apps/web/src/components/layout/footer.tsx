import { Mail, Wrench } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useServerFragment } from '@/lib/server-fragments';

const FOOTER_CLASS = 'border-t border-base-300 bg-base-200 text-base-content';

const quickLinks = [
  { to: paths.home, labelKey: 'nav.home' },
  { to: paths.services, labelKey: 'nav.allServices' },
  { to: paths.login, labelKey: 'nav.login' },
  { to: paths.register, labelKey: 'nav.register' },
];

/** The information pages (lazy routes of their own; see app/router.tsx). */
const pageLinks = [
  { to: paths.privacy, labelKey: 'footer.privacy' },
  { to: paths.terms, labelKey: 'footer.terms' },
  { to: paths.support, labelKey: 'footer.supportLink' },
];

export function Footer() {
  const { t, language } = useTranslation();
  const localize = useLocalize();
  const year = new Date().getFullYear();
  // On the server, the footer made before in this language and year (lib/server-fragments.tsx).
  const made = useServerFragment('footer', () => `${language}:${year}`);
  if (made !== undefined) return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: made }} />;

  return (
    <footer className={FOOTER_CLASS}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3 lg:px-6">
        <div>
          <Link
            to={localize(paths.home)}
            className="inline-flex items-center gap-2 rounded-btn text-xl font-bold text-primary"
          >
            <Wrench className="size-6" aria-hidden="true" />
            {t('productName')}
          </Link>
          <p className="mt-3 max-w-xs text-sm text-base-content/80">{t('footer.tagline')}</p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 font-semibold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm">
            {quickLinks.map(({ to, labelKey }) => (
              <li key={to}>
                <Link to={localize(to)} className="link link-hover">
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold">
            {t('footer.contact')}
          </h2>
          <address className="space-y-2 text-sm not-italic">
            {/* E-mail is the one real way to reach Meramot (no office or phone line to invent). */}
            <p className="flex items-center gap-2 break-all">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${t('footer.email')}`} className="link link-hover">
                {t('footer.email')}
              </a>
            </p>
          </address>
        </section>
      </div>

      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-sm sm:flex-row lg:px-6">
          <p>{t('footer.copyright', { year })}</p>
          <ul className="flex flex-wrap gap-4" aria-label={t('footer.support')}>
            {pageLinks.map(({ to, labelKey }) => (
              <li key={to}>
                <Link to={localize(to)} className="link link-hover">
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
