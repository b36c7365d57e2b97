import type { Review } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';

export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation('services');
  return (
    <article className="card card-border h-full bg-base-100">
      <div className="card-body gap-3 p-5">
        <StarRating rating={review.rating} label={t('reviews.rated', { rating: review.rating })} />
        {review.title && <h3 className="font-semibold break-words">{review.title}</h3>}
        <p className="text-sm break-words text-base-content/90">{review.comment}</p>
        <footer className="mt-auto flex items-center gap-3 pt-2">
          <Avatar src={review.customerImage} alt="" size={40} />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium">{review.customerName}</p>
            <p className="text-base-content/70">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          </div>
        </footer>
      </div>
    </article>
  );
}
