import { BadgeCheck, MapPin, Star } from 'lucide-react';
import { Link } from '@/components/link';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatArea, formatOneDecimal } from '@/lib/format';
import type { Service } from '@meramot/shared';
import { Avatar } from '@/components/ui/avatar';

/**
 * Provider avatar, name (a link to their page when the answer names them by id), area, the real
 * average rating and review count, and the Verified badge.
 */
export function ProviderInfo({ service }: { service: Service }) {
  const { t } = useTranslation('services');
  const localize = useLocalize();
  return (
    <section aria-labelledby="provider-heading" className="card card-border bg-base-100">
      <div className="card-body gap-4 p-5">
        <h2 id="provider-heading" className="text-lg font-semibold">
          {t('detail.providerInfo')}
        </h2>
        <div className="flex items-center gap-4">
          <Avatar
            src={service.providerImage}
            alt={t('detail.providerAvatar', { name: service.providerName })}
            size={64}
            loading="eager"
            className="ring-2 ring-base-300"
          />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold break-words">
              {service.providerId ? (
                <Link to={localize(paths.provider(service.providerId))} className="link link-hover">
                  {service.providerName}
                </Link>
              ) : (
                service.providerName
              )}
            </p>
            {service.providerVerified && (
              <span className="badge badge-success gap-1">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t('detail.verified')}
              </span>
            )}
          </div>
        </div>
        <ul className="space-y-2 text-sm">
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="sr-only">{t('card.area')} </span>
              {formatArea(service.serviceArea)}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <Star
              className={`size-4 shrink-0 ${service.rating !== null ? 'fill-warning text-warning' : ''}`}
              aria-hidden="true"
            />
            {service.rating !== null ? (
              <span>
                <span className="font-semibold">
                  {t('detail.ratingValue', { rating: formatOneDecimal(service.rating) })}
                </span>{' '}
                <span className="text-base-content/80">{t('detail.reviewCount', { count: service.reviewCount })}</span>
              </span>
            ) : (
              <span className="text-base-content/80">{t('detail.noReviewsYet')}</span>
            )}
          </li>
        </ul>
      </div>
    </section>
  );
}
