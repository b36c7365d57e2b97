import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { serviceSlug } from '@meramot/shared';
import { paths } from '@/config/paths';
import { BookServiceAction } from '@/features/bookings/components/book-service-action';
import { ServiceReviews } from '@/features/reviews/components/service-reviews';
import { useService } from '@/lib/api/get-service';
import { ServiceDetail } from '@/features/services/components/service-detail';
import { ServiceNotFound } from '@/features/services/components/service-not-found';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocalize } from '@/lib/page-language';
import { addTranslations } from '@/lib/i18n';
import servicesTranslations from '@/locales/en/services.json';
import bookingTranslations from '@/locales/en/booking.json';
import photosTranslations from '@/locales/en/photos.json';

addTranslations('services', servicesTranslations, () => import('@/locales/bn/services.json'));
addTranslations('booking', bookingTranslations, () => import('@/locales/bn/booking.json'));
addTranslations('photos', photosTranslations, () => import('@/locales/bn/photos.json'));

/**
 * A service's public page, at /services/{id}/{slug} (Bangla: /bn/services/{id}/{slug}). Reached by
 * its id alone or with an old or wrong slug, it shows the service and then replaces the address (no
 * new history entry) with the canonical one in the same language, its query, hash and state kept.
 */
export default function ServiceDetailRoute() {
  const { id = '', slug } = useParams();
  const { t } = useTranslation('services');
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const service = useService(id);
  const loaded = service.data;
  useDocumentTitle(loaded?.serviceName ?? (service.isError ? t('notFound.title') : undefined));

  const misplaced = !!loaded && (loaded._id !== id || slug !== serviceSlug(loaded.serviceName));
  useEffect(() => {
    if (!loaded || !misplaced) return;
    void navigate(
      { pathname: localize(paths.servicePage(loaded)), search: location.search, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [loaded, misplaced, navigate, localize, location.search, location.hash, location.state]);

  if (service.isPending) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p>{t('detail.loading')}</p>
      </div>
    );
  }
  if (service.isError) return <ServiceNotFound />;
  return (
    <ServiceDetail
      service={service.data}
      bookAction={<BookServiceAction service={service.data} />}
      reviews={<ServiceReviews serviceId={service.data._id} />}
    />
  );
}
