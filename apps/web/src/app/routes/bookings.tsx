import { addTranslations } from '../../lib/i18n';
import requestsTranslations from '../../locales/en/requests.json';
import { PlaceholderPage } from './placeholder';

addTranslations('requests', requestsTranslations);

export default function Route() {
  return <PlaceholderPage titleKey="nav.myBookings" />;
}
