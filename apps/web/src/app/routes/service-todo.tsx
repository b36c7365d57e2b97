import { addTranslations } from '../../lib/i18n';
import bookingsTranslations from '../../locales/en/bookings.json';
import { ServiceTodoPage } from '../../features/bookings/components/service-todo-page';

addTranslations('bookings', bookingsTranslations, () => import('../../locales/bn/bookings.json'));

export default function Route() {
  return <ServiceTodoPage />;
}
