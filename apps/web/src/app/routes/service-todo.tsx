import { addTranslations } from '@/lib/i18n';
import bookingsTranslations from '@/locales/en/bookings.json';
import conversationsTranslations from '@/locales/en/conversations.json';
import photosTranslations from '@/locales/en/photos.json';
import { ServiceTodoPage } from '@/features/bookings/components/service-todo-page';
import { useBookingConversations } from '@/features/conversations/use-booking-conversations';

addTranslations('bookings', bookingsTranslations, () => import('@/locales/bn/bookings.json'));
addTranslations('conversations', conversationsTranslations, () => import('@/locales/bn/conversations.json'));
addTranslations('photos', photosTranslations, () => import('@/locales/bn/photos.json'));

export default function Route() {
  const conversations = useBookingConversations();
  return (
    <>
      <ServiceTodoPage conversations={conversations} />
      {conversations.dialog}
    </>
  );
}
