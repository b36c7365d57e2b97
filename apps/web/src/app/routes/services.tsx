import { useTranslation } from '@/lib/i18n';
import { ServicesBrowser } from '@/features/services/components/services-browser';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import servicesTranslations from '@/locales/en/services.json';

addTranslations('services', servicesTranslations, () => import('@/locales/bn/services.json'));

export default function ServicesRoute() {
  const { t } = useTranslation('services');
  useDocumentTitle(t('list.title'));
  return <ServicesBrowser />;
}
