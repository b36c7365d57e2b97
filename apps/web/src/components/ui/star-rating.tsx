import type { CSSProperties } from 'react';

interface Props {
  /** Out of 5; rounded to whole stars. */
  rating: number;
  /** What a screen reader reads ("Rated 4 out of 5"). */
  label: string;
  size?: 'sm' | 'md';
}

/**
 * Five stars, `rating` of them filled, read as one image with its label: one element, drawn by the
 * `star-rating` style in index.css (five `<svg>` a rating made a provider page's reviews a third of
 * its bytes, and ten elements each to render and hydrate).
 */
export function StarRating({ rating, label, size = 'sm' }: Props) {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={label}
      className={size === 'md' ? 'star-rating star-rating-md' : 'star-rating'}
      style={{ '--stars': filled } as CSSProperties}
    />
  );
}
