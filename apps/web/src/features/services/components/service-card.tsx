import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import type { Service } from '@meramot/shared';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatOneDecimal, formatTaka, truncate } from '@/lib/format';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ServicePlaceSummary } from '@/components/places/service-places';
import { inHydrationTurn } from '@/lib/hydration-turns';

/** Cards above the fold on a desktop load their image eagerly; the rest lazily. */
const EAGER_CARDS = 3;

/** Description cut on the list cards (spec section 9). */
export const CARD_DESCRIPTION_MAX = 100;

interface Props {
  service: Service;
  /**
   * The card's place in its list, from 0: the first EAGER_CARDS load their image at once, the
   * first one's before the others (the page's largest paint on a phone); absent, lazily.
   */
  position?: number;
  /** The name's heading level: h2 under the page's h1 (All Services), h3 under a section's h2. */
  headingLevel?: 2 | 3;
}

function ServiceCardContent({ service, position = EAGER_CARDS, headingLevel = 2 }: Props) {
  const eager = position < EAGER_CARDS;
  const first = position === 0;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t } = useTranslation('services');
  const localize = useLocalize();
  return (
    <article className="card card-border h-full overflow-hidden bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <figure className="aspect-[16/10] bg-base-200">
        <FallbackImage
          src={service.serviceImage}
          fallback={images.servicePlaceholder}
          alt={service.serviceName}
          width={400}
          height={250}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <Heading className="card-title text-lg leading-snug break-words">{service.serviceName}</Heading>
        <p className="text-sm break-words text-base-content/80">
          {truncate(service.serviceDescription, CARD_DESCRIPTION_MAX)}
        </p>
        <ul className="space-y-1 text-sm text-base-content/80">
          <li className="flex min-w-0 items-center gap-2">
            <span className="icon-mask-user-round size-4" aria-hidden="true" />
            <span className="sr-only">{t('card.provider')}</span>
            <span className="truncate">{service.providerName}</span>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <span className="icon-mask-map-pin size-4" aria-hidden="true" />
            <span className="sr-only">{t('card.area')}</span>
            {/* The most precise place: "Mirpur, Dhaka" (+ more areas), else the district, else the division. */}
            <ServicePlaceSummary service={service} />
          </li>
          {service.rating !== null && (
            <li className="flex items-center gap-2">
              <span className="icon-mask-star-filled size-4 text-warning" aria-hidden="true" />
              <span>{t('card.rating', { rating: formatOneDecimal(service.rating), count: service.reviewCount })}</span>
            </li>
          )}
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <p className="text-xl font-bold text-primary">
            <span className="sr-only">{t('card.price')} </span>
            {formatTaka(service.servicePrice)}
          </p>
          <Link
            to={localize(paths.servicePage(service))}
            className="btn btn-primary btn-sm"
            aria-label={t('card.viewDetailsOf', { name: service.serviceName })}
          >
            {t('card.viewDetails')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A service's card on the lists; on a server-rendered page each card is hydrated in a task of its own. */
export const ServiceCard = inHydrationTurn(ServiceCardContent);
