import { useTranslation } from 'react-i18next';
import { ServicesBrowser } from '../../features/services/components/services-browser';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ServicesRoute() {
  const { t } = useTranslation('services');
  useDocumentTitle(t('list.title'));
  return <ServicesBrowser />;
}
