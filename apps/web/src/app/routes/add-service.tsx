import { useSearchParams } from 'react-router';
import { ServiceEditor } from '@/features/provider-services/components/service-editor';
import { addTranslations } from '@/lib/i18n';
import providerTranslations from '@/locales/en/provider.json';
import photosTranslations from '@/locales/en/photos.json';

addTranslations('provider', providerTranslations, () => import('@/locales/bn/provider.json'));
addTranslations('photos', photosTranslations, () => import('@/locales/bn/photos.json'));

export default function Route() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  return <ServiceEditor key={editId ?? 'new'} editId={editId} />;
}
