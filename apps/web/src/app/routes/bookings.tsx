import { addTranslations } from '../../lib/i18n';
import requestsTranslations from '../../locales/en/requests.json';
import { BookingsPage } from '../../features/booking-requests/components/bookings-page';

addTranslations('requests', requestsTranslations);

export default function Route() {
  return <BookingsPage />;
}
