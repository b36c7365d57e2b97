import { addTranslations } from '../../lib/i18n';
import profileTranslations from '../../locales/en/profile.json';
import { PlaceholderPage } from './placeholder';

addTranslations('profile', profileTranslations);

export default function Route() {
  return <PlaceholderPage titleKey="nav.profileSettings" />;
}
