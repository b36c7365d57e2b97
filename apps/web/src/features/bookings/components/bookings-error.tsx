import { ErrorBanner } from '@/components/ui/error-banner';
import { errorKind } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

/** 'Error Loading Bookings' with the spec's message for the kind of failure, and Retry. */
export function BookingsError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation('bookings');
  const kind = errorKind(error);
  const message =
    kind === 'network'
      ? t('error.network')
      : kind === 'auth'
        ? t('error.auth')
        : t('error.other', { message: error instanceof Error ? error.message : String(error) });
  return (
    <ErrorBanner
      title={t('error.title')}
      message={message}
      retryLabel={t('error.retry')}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
