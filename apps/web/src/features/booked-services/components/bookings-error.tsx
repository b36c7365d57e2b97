import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The 'Error Loading Bookings' banner with the spec's load message and Retry. */
export function BookingsError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation('bookings');
  return (
    <div role="alert" className="alert flex-wrap alert-error">
      <AlertTriangle className="size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold">{t('error.title')}</h2>
        <p className="text-sm break-words">{message}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        {t('error.retry')}
      </button>
    </div>
  );
}
