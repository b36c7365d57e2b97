import { Search, Wrench } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';

/** Find Services, plus Add Your Service when logged in or Become a Provider otherwise. */
export function ClosingCta() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const { user } = useAuth();
  return (
    <section aria-labelledby="home-cta-heading" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <div className="rounded-box bg-primary px-6 py-10 text-center text-primary-content sm:px-12">
        <h2 id="home-cta-heading" className="text-2xl font-bold sm:text-3xl">
          {t('cta.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl">{t('cta.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={localize(paths.services)} className="btn bg-base-100 text-base-content hover:bg-base-200">
            <Search className="size-4" aria-hidden="true" />
            {t('cta.findServices')}
          </Link>
          <Link
            to={user ? paths.addService : paths.register}
            className="btn btn-outline border-primary-content text-primary-content hover:border-primary-content hover:bg-primary-content/15"
          >
            <Wrench className="size-4" aria-hidden="true" />
            {user ? t('cta.addYourService') : t('cta.becomeProvider')}
          </Link>
        </div>
      </div>
    </section>
  );
}
