import { useTranslation } from '../../../lib/i18n';
import { ErrorBanner } from '../../../components/ui/error-banner';

/** The 'Error Loading Bookings' banner with the spec's load message and Retry. */
export function BookingsError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation('bookings');
  return <ErrorBanner title={t('error.title')} message={message} retryLabel={t('error.retry')} retrying={retrying} onRetry={onRetry} />;
}
