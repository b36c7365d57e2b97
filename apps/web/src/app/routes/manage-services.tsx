import { ManageServices } from '@/features/provider-services/components/manage-services';
import { addTranslations } from '@/lib/i18n';
import providerTranslations from '@/locales/en/provider.json';

addTranslations('provider', providerTranslations, () => import('@/locales/bn/provider.json'));

export default function Route() {
  return <ManageServices />;
}
