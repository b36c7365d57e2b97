import { MessageSquare } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { useServiceReviews } from '../api/get-service-reviews';
import { ReviewCard } from './review-card';

/** The customer reviews grid of a service: its real reviews, or an empty state. */
export function ServiceReviews({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('services');
  const reviews = useServiceReviews(serviceId);

  let body;
  if (reviews.isPending) {
    body = (
      <div role="status" className="flex items-center gap-3 py-6">
        <span className="loading loading-spinner text-primary" aria-hidden="true" />
        <span>{t('reviews.loading')}</span>
      </div>
    );
  } else if (reviews.isError) {
    // Never invent reviews: say they could not be loaded and offer a retry.
    body = (
      <div className="flex flex-wrap items-center gap-3 py-6 text-base-content/80">
        <p>{t('reviews.loadFailed')}</p>
        <button type="button" className="btn btn-sm" onClick={() => void reviews.refetch()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (reviews.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 px-4 py-10 text-center">
        <MessageSquare className="size-10 text-base-content/50" aria-hidden="true" />
        <p className="font-semibold">{t('reviews.emptyTitle')}</p>
        <p className="text-sm text-base-content/80">{t('reviews.emptyText')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.data.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4 border-t border-base-300 pt-6">
      <h2 id="reviews-heading" className="text-2xl font-bold">
        {t('reviews.title')}
        {reviews.data && reviews.data.length > 0 && (
          <span className="ml-2 text-base font-normal text-base-content/70">({reviews.data.length})</span>
        )}
      </h2>
      {body}
    </section>
  );
}
