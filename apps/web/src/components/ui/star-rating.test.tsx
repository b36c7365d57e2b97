import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

describe('StarRating', () => {
  it('is one image read by its label, filling the rating rounded to whole stars', () => {
    render(<StarRating rating={3.6} label="Rated 3.6 out of 5" />);
    const stars = screen.getByRole('img', { name: 'Rated 3.6 out of 5' });
    expect(stars).toBeEmptyDOMElement();
    expect(stars).toHaveClass('star-rating');
    expect(stars.style.getPropertyValue('--stars')).toBe('4');
  });

  it('keeps the filled stars within 0 to 5 and has a larger size', () => {
    const { rerender } = render(<StarRating rating={7} label="x" size="md" />);
    expect(screen.getByRole('img').style.getPropertyValue('--stars')).toBe('5');
    expect(screen.getByRole('img')).toHaveClass('star-rating', 'star-rating-md');
    rerender(<StarRating rating={-1} label="x" />);
    expect(screen.getByRole('img').style.getPropertyValue('--stars')).toBe('0');
  });

  it('renders on the server as one element with its count in the style', () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderToString(<StarRating rating={2} label="Rated 2 out of 5" />);
    expect(holder.querySelectorAll('*')).toHaveLength(1);
    const stars = holder.firstElementChild as HTMLElement;
    expect(stars).toHaveAttribute('aria-label', 'Rated 2 out of 5');
    expect(stars.style.getPropertyValue('--stars')).toBe('2');
  });
});
