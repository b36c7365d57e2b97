import { useTranslation } from '../../../lib/i18n';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { bookingsLoadError } from '../../bookings/api/bookings-keys';

/** 'Error Loading Bookings' with the spec's load message and Retry. */
export function LoadErrorBanner({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation('requests');
  return (
    <ErrorBanner
      title={t('error.title')}
      message={bookingsLoadError(error)}
      retryLabel={t('error.retry')}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
