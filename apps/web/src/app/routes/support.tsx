import { Mail } from 'lucide-react';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { addTranslations, useTranslation } from '@/lib/i18n';
import pagesTranslations from '@/locales/en/pages.json';
import { InfoPage, useSupportEmail, withEmail } from './info-page';

addTranslations('pages', pagesTranslations, () => import('@/locales/bn/pages.json'));

const selfHelp = [
  { text: 'support.forgotPassword', to: paths.login, link: 'support.loginLink' },
  { text: 'support.bookings', to: paths.bookedServices, link: 'support.bookingsLink' },
  { text: 'support.requests', to: paths.serviceTodo, link: 'support.requestsLink' },
  { text: 'support.settings', to: paths.profileSettings, link: 'support.settingsLink' },
] as const;

/** /support: how to reach support (by e-mail), and where to help oneself first. */
export default function SupportRoute() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  return (
    <InfoPage page="support">
      <section className="mt-8 rounded-box border border-base-300 bg-base-200 p-4" aria-labelledby="support-email">
        <h2 id="support-email" className="flex items-center gap-2 text-xl font-semibold">
          <Mail className="size-5 shrink-0" aria-hidden="true" />
          {t('support.emailHeading')}
        </h2>
        <p className="mt-2">{withEmail(t('support.emailText'), email)}</p>
        <p className="mt-2 text-sm text-base-content/80">{t('support.include')}</p>
      </section>
      <section className="mt-8" aria-labelledby="support-self">
        <h2 id="support-self" className="text-xl font-semibold">
          {t('support.selfHeading')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {selfHelp.map(({ text, to, link }) => (
            <li key={to}>
              {t(text)}{' '}
              <Link to={to} className="link font-semibold link-primary">
                {t(link)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6">{t('support.payments')}</p>
      </section>
    </InfoPage>
  );
}
