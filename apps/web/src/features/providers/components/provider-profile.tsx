import { BadgeCheck, CalendarDays, MapPin, Star, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProviderProfile as Profile } from '@meramot/shared';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { ShareButton } from '@/components/ui/share-button';
import { formatArea, formatCount, formatDate, formatOneDecimal } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { districtsOfServices, ServiceDistrictsList } from '@/components/places/service-places';
import { useProviderServices } from '../api/get-provider-lists';
import { ProviderPhoto } from './provider-photo';

/** One fact of the profile: a term (its icon and label) and its value; a <dl> holds only these groups. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-base-content/70 uppercase">
        <span className="shrink-0 [&>svg]:size-4" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="break-words pl-6">{children}</dd>
    </div>
  );
}

/**
 * The head of a provider's page: photo (or initial), name, the Verified badge, member since, their
 * rating and review count, active services, the areas (divisions) they serve and the districts and
 * areas their services name, and Share.
 */
export function ProviderProfile({ provider }: { provider: Profile }) {
  const { t } = useTranslation('services');
  const { t: tp } = useTranslation('places');
  const localize = useLocalize();
  // The profile does not name districts: those of the services the page lists (the list's own
  // query, read from the cache without fetching: filled by the list below, or by the server's render).
  const services = useProviderServices(provider.id, { enabled: false });
  const listed = services.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <header className="card card-border bg-base-100 shadow-sm">
      <div className="card-body flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
        <ProviderPhoto key={provider.photoURL ?? ''} name={provider.displayName} src={provider.photoURL} />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-col items-start gap-2">
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{provider.displayName}</h1>
            {provider.emailVerified && (
              <span className="badge gap-1 badge-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t('detail.verified')}
              </span>
            )}
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact icon={<CalendarDays />} label={t('providerPage.memberSince')}>
              <time dateTime={provider.memberSince}>{formatDate(provider.memberSince)}</time>
            </Fact>
            <Fact
              icon={<Star className={provider.rating !== null ? 'fill-warning text-warning' : ''} />}
              label={t('providerPage.rating')}
            >
              {provider.rating !== null ? (
                <>
                  <span className="font-semibold">
                    {t('detail.ratingValue', { rating: formatOneDecimal(provider.rating) })}
                  </span>{' '}
                  <span className="text-base-content/80">
                    {t('detail.reviewCount', { count: provider.reviewCount })}
                  </span>
                </>
              ) : (
                t('detail.noReviewsYet')
              )}
            </Fact>
            <Fact icon={<Wrench />} label={t('providerPage.serviceCount')}>
              {formatCount(provider.serviceCount)}
            </Fact>
            <Fact icon={<MapPin />} label={t('providerPage.areas')}>
              {provider.areas.length > 0 ? (
                <ul className="mt-0.5 flex flex-wrap gap-1">
                  {provider.areas.map((area) => (
                    <li key={area} className="badge badge-outline">
                      {formatArea(area)}
                    </li>
                  ))}
                </ul>
              ) : (
                t('providerPage.noAreas')
              )}
            </Fact>
            {districtsOfServices(listed).length > 0 && (
              <Fact icon={<MapPin />} label={tp('show.providerPlaces')}>
                <ServiceDistrictsList services={listed} />
              </Fact>
            )}
          </dl>
        </div>
        <ShareButton
          className="sm:max-w-56 sm:flex-col sm:items-end sm:text-right"
          title={provider.displayName}
          text={t('share.providerText', { name: provider.displayName })}
          path={localize(paths.provider(provider.id))}
        />
      </div>
    </header>
  );
}
