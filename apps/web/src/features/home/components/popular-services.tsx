import { ArrowRight, PackageOpen, RefreshCw } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';
import { POPULAR_SERVICES_LIMIT, usePopularServices } from '../api/get-popular-services';
import { PopularServiceCard } from './popular-service-card';
import { HomeSection } from './home-section';
import { EmptyState } from '@/components/ui/empty-state';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** "Newest Services": the first 6 services, newest first; an empty state, or an error with a retry. */
export function PopularServices() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const { user } = useAuth();
  const { data, isPending, isError, refetch, isFetching } = usePopularServices();

  let content;
  if (isPending) {
    content = (
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: POPULAR_SERVICES_LIMIT }, (_, i) => (
          <li key={i} className="card overflow-hidden border border-base-300">
            <div className="skeleton aspect-[4/3] w-full rounded-none" />
            <div className="card-body gap-3 p-5">
              <div className="skeleton h-6 w-3/4" />
              <div className="skeleton h-12 w-full" />
              <div className="skeleton h-8 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    content = (
      <div role="alert" className="alert alert-warning alert-soft flex flex-col gap-3 sm:flex-row">
        <span className="flex-1">{t('popular.error')}</span>
        <button type="button" className="btn btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw
            className={`size-4 ${isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
            aria-hidden="true"
          />
          {t('popular.retry')}
        </button>
      </div>
    );
  } else if (data.length === 0) {
    content = (
      <EmptyState
        headingLevel={3}
        icon={<PackageOpen />}
        title={t('popular.emptyTitle')}
        text={t('popular.emptyText')}
        action={
          <Link to={user ? paths.addService : paths.register} className="btn btn-primary">
            {user ? t('popular.addYourService') : t('popular.joinAsProvider')}
          </Link>
        }
      />
    );
  } else {
    content = (
      <ul className={GRID}>
        {data.map((service) => (
          <li key={service._id} className="min-w-0">
            <PopularServiceCard service={service} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <HomeSection headingId="home-popular-heading" title={t('popular.heading')} intro={t('popular.intro')}>
      {content}
      {data && data.length > 0 && (
        <div className="mt-8 text-center">
          <Link to={localize(paths.services)} className="btn btn-outline">
            {t('popular.viewAll')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </HomeSection>
  );
}
