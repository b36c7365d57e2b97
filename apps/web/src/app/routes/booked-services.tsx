import { useTranslation } from '@/lib/i18n';
import { BookedServicesPage } from '@/features/bookings/components/booked-services-page';
import type { SubmitReview } from '@/features/bookings/components/review-dialog';
import { useBookingConversations } from '@/features/conversations/use-booking-conversations';
import { useCreateReview } from '@/features/reviews/api/create-review';
import { addTranslations } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import bookingsTranslations from '@/locales/en/bookings.json';
import conversationsTranslations from '@/locales/en/conversations.json';
import photosTranslations from '@/locales/en/photos.json';

addTranslations('bookings', bookingsTranslations, () => import('@/locales/bn/bookings.json'));
addTranslations('conversations', conversationsTranslations, () => import('@/locales/bn/conversations.json'));
addTranslations('photos', photosTranslations, () => import('@/locales/bn/photos.json'));

export default function Route() {
  const { t } = useTranslation('bookings');
  useDocumentTitle(t('title'));
  const createReview = useCreateReview();
  const conversations = useBookingConversations();

  const submitReview: SubmitReview = (booking, values) =>
    createReview.mutateAsync({
      editing: booking.review?.id,
      bookingId: booking._id,
      rating: values.rating,
      title: values.title,
      comment: values.comment,
    });

  return (
    <>
      <BookedServicesPage submitReview={submitReview} conversations={conversations} />
      {conversations.dialog}
    </>
  );
}
