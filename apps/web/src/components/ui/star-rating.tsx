import { Star } from 'lucide-react';

interface Props {
  /** Out of 5; rounded to whole stars. */
  rating: number;
  /** What a screen reader reads ("Rated 4 out of 5"). */
  label: string;
  size?: 'sm' | 'md';
}

/** Five stars, `rating` of them filled, read as one image with its label. */
export function StarRating({ rating, label, size = 'sm' }: Props) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`${size === 'sm' ? 'size-4' : 'size-5'} ${n <= filled ? 'fill-warning text-warning' : 'text-base-content/30'}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
