import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/render';
import { recentReviewsQueryOptions } from '../api/get-recent-reviews';
import { calledUrls, serveRoutes, mockReducedMotion } from '../testing/mock-browser';
import { renderWithData } from '../testing/render-with-data';
import { TESTIMONIAL_INTERVAL_MS, Testimonials } from './testimonials';

const review = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  rating: 5,
  comment: `Comment ${id}`,
  customerName: `Customer ${id}`,
  customerLocation: 'Dhaka',
  serviceName: 'AC Repair',
  customerImage: null,
  ...over,
});

const carousel = () => screen.getByRole('region', { name: 'Customer testimonials' });
const current = () =>
  screen
    .getAllByRole('group')
    .filter((g) => g.getAttribute('aria-roledescription') === 'slide' && !g.hasAttribute('inert'))
    .map((g) => within(g).getByRole('blockquote').textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setup(reviews: unknown) {
  vi.useFakeTimers();
  return renderWithData(<Testimonials />, [[recentReviewsQueryOptions().queryKey, reviews]]);
}

beforeEach(() => {
  serveRoutes({});
  mockReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Testimonials', () => {
  it('asks for the 4 most recent reviews', async () => {
    serveRoutes({ '/reviews/recent?limit=4': [review('a')] });
    renderAt(<Testimonials />);
    expect(await screen.findByText('Comment a')).toBeInTheDocument();
    expect(calledUrls()).toContain('/api/reviews/recent?limit=4');
  });

  it('shows only valid reviews, with the rating clamped, and no sample notice', () => {
    setup([
      review('a', { rating: 9 }),
      review('b', { rating: '4' }),
      review('c', { comment: undefined }),
      review('d', { rating: 3 }),
    ]);
    const slides = screen.getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    expect(within(slides[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(slides[1]!).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(screen.queryByText('Comment b')).not.toBeInTheDocument();
    expect(screen.queryByText('Comment c')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sample testimonials/)).not.toBeInTheDocument();
  });

  it('falls back to the sample testimonials, labelled as samples, when none is valid', () => {
    setup([review('b', { rating: '4' }), review('c', { comment: '' })]);
    expect(screen.getByText(/Sample testimonials/)).toHaveTextContent('no customer reviews have been posted yet');
    expect(screen.getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide')).toHaveLength(
      4,
    );
  });

  it('falls back to the samples when the call fails', async () => {
    serveRoutes({ '/reviews/recent?limit=4': { status: 500 } });
    renderAt(<Testimonials />);
    expect(await screen.findByText(/Sample testimonials/)).toHaveTextContent('could not be loaded');
  });

  it('rotates every 5 seconds and wraps around', () => {
    setup([review('a'), review('b'), review('c')]);
    expect(current()).toEqual(['Comment a']);
    wait(TESTIMONIAL_INTERVAL_MS - 10);
    expect(current()).toEqual(['Comment a']);
    wait(10);
    expect(current()).toEqual(['Comment b']);
    wait(TESTIMONIAL_INTERVAL_MS);
    expect(current()).toEqual(['Comment c']);
    wait(TESTIMONIAL_INTERVAL_MS);
    expect(current()).toEqual(['Comment a']);
  });

  it('has previous and next buttons and arrow keys, wrapping around', () => {
    setup([review('a'), review('b'), review('c')]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(current()).toEqual(['Comment c']);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(current()).toEqual(['Comment a']);
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(current()).toEqual(['Comment b']);
  });

  it('pauses on hover and while focus is inside', () => {
    setup([review('a'), review('b')]);
    fireEvent.mouseEnter(carousel());
    wait(TESTIMONIAL_INTERVAL_MS * 2);
    expect(current()).toEqual(['Comment a']);
    fireEvent.mouseLeave(carousel());
    act(() => carousel().focus());
    wait(TESTIMONIAL_INTERVAL_MS * 2);
    expect(current()).toEqual(['Comment a']);
    act(() => carousel().blur());
    wait(TESTIMONIAL_INTERVAL_MS);
    expect(current()).toEqual(['Comment b']);
  });

  it('does not rotate when reduced motion is preferred', () => {
    mockReducedMotion(true);
    setup([review('a'), review('b')]);
    wait(TESTIMONIAL_INTERVAL_MS * 3);
    expect(current()).toEqual(['Comment a']);
  });
});
