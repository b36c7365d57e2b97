import { addTranslations } from '../../lib/i18n';
import providerTranslations from '../../locales/en/provider.json';
import { PlaceholderPage } from './placeholder';

addTranslations('provider', providerTranslations);

export default function Route() {
  return <PlaceholderPage titleKey="nav.manageServices" />;
}
