import { useTranslation } from '../../lib/i18n';
import { BookedServicesPage } from '../../features/booked-services/components/booked-services-page';
import type { SubmitReview } from '../../features/booked-services/components/review-dialog';
import { useAuth } from '../../features/auth/auth-context';
import { useCreateReview } from '../../features/reviews/api/create-review';
import { addTranslations } from '../../lib/i18n';
import { displayNameOf } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import bookingsTranslations from '../../locales/en/bookings.json';

addTranslations('bookings', bookingsTranslations);

export default function Route() {
  const { t } = useTranslation('bookings');
  useDocumentTitle(t('title'));
  const { user } = useAuth();
  const createReview = useCreateReview();

  const submitReview: SubmitReview = (booking, values) =>
    createReview.mutateAsync({
      bookingId: booking._id,
      rating: values.rating,
      title: values.title,
      comment: values.comment,
      serviceId: booking.serviceId,
      serviceName: booking.serviceName,
      providerEmail: booking.providerEmail,
      providerName: booking.providerName,
      customerEmail: user?.email ?? booking.customerEmail,
      customerName: user ? displayNameOf(user) : booking.customerName,
      reviewDate: new Date().toISOString(),
    });

  return <BookedServicesPage submitReview={submitReview} />;
}
