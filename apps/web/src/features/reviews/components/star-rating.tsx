import { Star } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

/** Five stars, `rating` of them filled, read as "Rated 4 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  const { t } = useTranslation('services');
  return (
    <span role="img" aria-label={t('reviews.rated', { rating })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-4 ${n <= rating ? 'fill-warning text-warning' : 'text-base-content/30'}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
