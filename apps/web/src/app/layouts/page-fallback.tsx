import { useTranslation } from '@/lib/i18n';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
