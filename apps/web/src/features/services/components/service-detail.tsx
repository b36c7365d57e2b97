import { CalendarCheck, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Service } from '@meramot/shared';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatTaka } from '@/lib/format';
import { FallbackImage } from '@/components/ui/fallback-image';
import { PhotoGallery } from '@/components/photos/photo-gallery';
import { ShareButton } from '@/components/ui/share-button';
import { ProviderInfo } from './provider-info';
import { ServiceBreadcrumbs } from './service-breadcrumbs';
import { ServicePlaceSummary, ServicePlacesDetail } from '@/components/places/service-places';

interface Props {
  service: Service;
  /** The Book Now button (or the refusal on one's own service), from the bookings feature. */
  bookAction: ReactNode;
  /** The customer reviews grid, from the reviews feature. */
  reviews: ReactNode;
}

export function ServiceDetail({ service, bookAction, reviews }: Props) {
  const { t } = useTranslation('services');
  const localize = useLocalize();
  return (
    <article className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <ServiceBreadcrumbs name={service.serviceName} />
      {/* Phones: image and name, then price and Book Now, then the description. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          {service.photos?.length ? (
            // Its uploaded photos (issue 23), the first above the fold.
            <PhotoGallery
              photos={service.photos}
              label={t('detail.photosLabel', { name: service.serviceName })}
              alt={service.serviceName}
              priority
              sizes="(min-width: 1152px) 736px, (min-width: 1024px) 66vw, 100vw"
            />
          ) : (
            <figure className="aspect-[16/9] overflow-hidden rounded-box bg-base-200">
              <FallbackImage
                src={service.serviceImage}
                fallback={images.servicePlaceholder}
                alt={service.serviceName}
                width={960}
                height={540}
                fetchPriority="high"
                className="h-full w-full object-cover"
              />
            </figure>
          )}
          <header className="space-y-2">
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{service.serviceName}</h1>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/80">
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                <ServicePlaceSummary service={service} />
              </span>
              <span className="inline-flex items-center gap-1">
                <CalendarCheck className="size-4" aria-hidden="true" />
                {t('detail.bookingsCount', { count: service.bookings })}
              </span>
            </p>
            <ShareButton
              title={service.serviceName}
              text={t('share.serviceText', { name: service.serviceName, price: formatTaka(service.servicePrice) })}
              path={localize(paths.servicePage(service))}
            />
          </header>
        </div>
        <aside
          className="flex flex-col gap-4 lg:col-start-3 lg:row-span-2 lg:row-start-1"
          aria-label={t('detail.bookingPanel')}
        >
          <div className="card card-border bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-5">
              <div>
                <p className="text-sm text-base-content/80">{t('detail.price')}</p>
                <p className="text-3xl font-bold text-primary">{formatTaka(service.servicePrice)}</p>
              </div>
              {bookAction}
            </div>
          </div>
          <ProviderInfo service={service} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:row-start-2">
          <section aria-labelledby="description-heading" className="min-w-0 space-y-2">
            <h2 id="description-heading" className="text-xl font-semibold">
              {t('detail.description')}
            </h2>
            <p className="whitespace-pre-line break-words text-base-content/90">{service.serviceDescription}</p>
          </section>
          {/* Its division, district and every area it serves (issue 24). */}
          <ServicePlacesDetail service={service} headingId="places-heading" />
        </div>
      </div>
      {reviews}
    </article>
  );
}
