import { addTranslations } from '../../lib/i18n';
import requestsTranslations from '../../locales/en/requests.json';
import { ServiceTodoPage } from '../../features/booking-requests/components/service-todo-page';

addTranslations('requests', requestsTranslations);

export default function Route() {
  return <ServiceTodoPage />;
}
