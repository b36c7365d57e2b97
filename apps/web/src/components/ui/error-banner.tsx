import { RefreshCw, TriangleAlert } from 'lucide-react';

interface Props {
  title: string;
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry(): void;
}

/** A load-failure banner (role alert) with a Retry button. */
export function ErrorBanner({ title, message, retryLabel, retrying, onRetry }: Props) {
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <TriangleAlert className="size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold">{title}</h2>
        <p className="text-sm break-words">{message}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
        {retryLabel}
      </button>
    </div>
  );
}
