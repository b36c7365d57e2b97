import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';

/** The warning banner of a failed list load: 'Connection Issue', the message and Retry. */
export function ConnectionIssue({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry(): void;
  retrying: boolean;
}) {
  const { t } = useTranslation('services');
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <TriangleAlert className="size-6 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <h2 className="font-bold">{t('error.title')}</h2>
        <p className="text-sm break-words">{message}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
        {t('error.retry')}
      </button>
    </div>
  );
}
