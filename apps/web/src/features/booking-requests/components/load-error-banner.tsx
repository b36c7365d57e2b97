import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bookingsLoadError } from '../../bookings/api/bookings-keys';

/** 'Error Loading Bookings' with the spec's load message and Retry. */
export function LoadErrorBanner({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation('requests');
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <TriangleAlert className="size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold">{t('error.title')}</h2>
        <p className="text-sm break-words">{bookingsLoadError(error)}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
        {t('error.retry')}
      </button>
    </div>
  );
}
