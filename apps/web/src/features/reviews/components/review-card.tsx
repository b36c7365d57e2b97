import type { Review } from '@meramot/shared';
import { images } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { StarRating } from './star-rating';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card card-border h-full bg-base-100">
      <div className="card-body gap-3 p-5">
        <StarRating rating={review.rating} />
        {review.title && <h3 className="font-semibold break-words">{review.title}</h3>}
        <p className="text-sm break-words text-base-content/90">{review.comment}</p>
        <footer className="mt-auto flex items-center gap-3 pt-2">
          <img
            src={review.customerImage || images.defaultAvatar}
            onError={(e) => {
              if (e.currentTarget.getAttribute('src') !== images.defaultAvatar) e.currentTarget.src = images.defaultAvatar;
            }}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className="size-10 rounded-full object-cover"
          />
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
