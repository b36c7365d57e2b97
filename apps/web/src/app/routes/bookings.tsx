import { addTranslations } from '../../lib/i18n';
import bookingsTranslations from '../../locales/en/bookings.json';
import { PlaceholderPage } from './placeholder';

addTranslations('bookings', bookingsTranslations);

export default function Route() {
  return <PlaceholderPage titleKey="nav.myBookings" />;
}
