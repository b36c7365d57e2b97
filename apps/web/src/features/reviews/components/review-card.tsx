import type { PublicReview } from '@meramot/shared';
import { Link } from '@/components/link';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatDate } from '@/lib/format';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import { inHydrationTurn } from '@/lib/hydration-turns';

interface Props {
  review: PublicReview;
  /** Name the reviewed service, as a link to its page (where reviews of several services mix). */
  showService?: boolean;
}

function ReviewCardContent({ review, showService = false }: Props) {
  const { t } = useTranslation('services');
  const localize = useLocalize();
  return (
    <article className="card card-border h-full bg-base-100">
      <div className="card-body gap-3 p-5">
        <StarRating rating={review.rating} label={t('reviews.rated', { rating: review.rating })} />
        {review.title && <h3 className="font-semibold break-words">{review.title}</h3>}
        {showService && (
          <p className="text-sm break-words text-base-content/80">
            {t('reviews.serviceLabel')}{' '}
            <Link
              to={localize(paths.servicePage({ _id: review.serviceId, serviceName: review.serviceName }))}
              className="link link-hover font-medium"
            >
              {review.serviceName}
            </Link>
          </p>
        )}
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

/** A review's card; on a server-rendered page each card is hydrated in a task of its own. */
export const ReviewCard = inHydrationTurn(ReviewCardContent);
