import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { BookServiceAction } from '@/features/bookings/components/book-service-action';
import { ServiceReviews } from '@/features/reviews/components/service-reviews';
import { useService } from '@/lib/api/get-service';
import { ServiceDetail } from '@/features/services/components/service-detail';
import { ServiceNotFound } from '@/features/services/components/service-not-found';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import servicesTranslations from '@/locales/en/services.json';
import bookingTranslations from '@/locales/en/booking.json';

addTranslations('services', servicesTranslations, () => import('@/locales/bn/services.json'));
addTranslations('booking', bookingTranslations, () => import('@/locales/bn/booking.json'));

export default function ServiceDetailRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('services');
  const service = useService(id);
  useDocumentTitle(service.data?.serviceName ?? (service.isError ? t('notFound.title') : undefined));

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
