import { addTranslations } from '../../lib/i18n';
import bookingsTranslations from '../../locales/en/bookings.json';
import { BookingsPage } from '../../features/bookings/components/bookings-page';

addTranslations('bookings', bookingsTranslations, () => import('../../locales/bn/bookings.json'));

export default function Route() {
  return <BookingsPage />;
}
