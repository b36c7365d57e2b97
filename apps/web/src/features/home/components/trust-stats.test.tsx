import type { BookingStats, PlatformStats, ReviewStats } from '@meramot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import en from '@/locales/en/home.json';
import { renderAt } from '@/testing/render';
import { bookingStatsQueryOptions } from '../api/get-booking-stats';
import { platformStatsQueryOptions } from '../api/get-platform-stats';
import { reviewStatsQueryOptions } from '../api/get-review-stats';
import { calledUrls, serveRoutes, mockIntersectionObserver, mockReducedMotion } from '../testing/mock-browser';
import { renderWithData } from '../testing/render-with-data';
import { COUNTER_DURATION_MS } from './animated-counter';
import { TrustStats } from './trust-stats';

const platform: PlatformStats = {
  totalServices: 47,
  totalProviders: 10,
  totalAreas: 8,
  totalBookings: 106,
  completedJobs: 77,
  totalCustomers: 16,
  totalUsers: 16,
  totalReviews: 54,
  averageRating: 4.2,
};
const bookings: BookingStats = {
  completedJobs: 1234,
  totalCustomers: 16,
  totalBookings: 106,
  pendingBookings: 10,
  workingBookings: 19,
};
const reviews: ReviewStats = {
  totalReviews: 54,
  averageRating: 4.2,
  averageResponseMinutes: 270,
  averageResponseTime: '4h 30min',
  positiveFeedbackPercentage: 79.6,
};

/** The animated (visible) text of the figure labelled `label`. */
const shown = (label: string) =>
  screen.getByText(label).parentElement!.querySelector('dd [aria-hidden="true"]')?.textContent;
const figure = (label: string) => screen.getByText(label).parentElement!.querySelector('dd')!.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setup(
  data: { platform?: PlatformStats; bookings?: BookingStats; reviews?: ReviewStats } = { platform, bookings, reviews },
) {
  vi.useFakeTimers();
  return renderWithData(<TrustStats />, [
    [platformStatsQueryOptions().queryKey, data.platform],
    [bookingStatsQueryOptions().queryKey, data.bookings],
    [reviewStatsQueryOptions().queryKey, data.reviews],
  ]);
}

let io: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  serveRoutes({});
  mockReducedMotion(false);
  io = mockIntersectionObserver();
});

afterEach(async () => {
  await setLanguage('en');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TrustStats', () => {
  it('shows every real figure under a heading with the real number of customers', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Trusted by 16 Customers' })).toBeInTheDocument();
    expect(screen.queryByText(/Thousands/)).not.toBeInTheDocument();
    for (const label of [
      'Services Listed',
      'Service Providers',
      'Jobs Completed',
      'Customers',
      'Reviews',
      'Average Rating',
      'Positive Feedback',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(figure('Average Response Time')).toBe('4h 30min');
  });

  it('counters wait until 30% of the band is visible, then reach their values after 2.5 s', () => {
    setup();
    expect(io.observers[0]?.threshold).toBe(0.3);
    wait(COUNTER_DURATION_MS);
    expect(shown('Jobs Completed')).toBe('0');
    act(() => io.show(0.2));
    wait(COUNTER_DURATION_MS);
    expect(shown('Jobs Completed')).toBe('0');
    act(() => io.show(0.3));
    wait(COUNTER_DURATION_MS / 2);
    const midway = Number(shown('Jobs Completed')!.replace(/,/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(1234);
    wait(COUNTER_DURATION_MS / 2 + 50);
    expect(shown('Jobs Completed')).toBe('1,234');
    expect(shown('Services Listed')).toBe('47');
    expect(shown('Average Rating')).toBe('4.2');
    expect(figure('Average Rating')).toContain('/5');
    expect(shown('Positive Feedback')).toBe('79.6');
    expect(figure('Positive Feedback')).toContain('%');
  });

  it('screen readers get the final figure at once', () => {
    setup();
    const dd = screen.getByText('Jobs Completed').parentElement!.querySelector('dd')!;
    expect(dd.querySelector('.sr-only')?.textContent).toBe('1,234');
  });

  it('restarts the counters when the data changes', () => {
    const { queryClient } = setup();
    act(() => io.show(0.5));
    wait(COUNTER_DURATION_MS + 50);
    expect(shown('Services Listed')).toBe('47');
    act(() => queryClient.setQueryData(platformStatsQueryOptions().queryKey, { ...platform, totalServices: 60 }));
    wait(100);
    expect(Number(shown('Services Listed'))).toBeLessThan(47);
    wait(COUNTER_DURATION_MS);
    expect(shown('Services Listed')).toBe('60');
  });

  it('shows the final numbers at once when reduced motion is preferred', () => {
    mockReducedMotion(true);
    setup();
    expect(shown('Jobs Completed')).toBe('1,234');
    expect(shown('Average Rating')).toBe('4.2');
  });

  it('hides a figure whose value is null instead of inventing one', () => {
    setup({
      platform,
      bookings,
      reviews: { ...reviews, averageRating: null, positiveFeedbackPercentage: null, averageResponseTime: null },
    });
    expect(screen.getByText('Reviews')).toBeInTheDocument();
    expect(screen.queryByText('Average Rating')).not.toBeInTheDocument();
    expect(screen.queryByText('Positive Feedback')).not.toBeInTheDocument();
    expect(screen.queryByText('Average Response Time')).not.toBeInTheDocument();
  });

  it('heads the band by the customers counted: one in the singular, "Meramot in Numbers" with none or unknown', async () => {
    const { unmount } = setup({ platform, bookings: { ...bookings, totalCustomers: 1 }, reviews });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Trusted by 1 Customer');
    unmount();
    const none = setup({ platform, bookings: { ...bookings, totalCustomers: 0 }, reviews });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Meramot in Numbers');
    none.unmount();
    setup({ platform, reviews });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Meramot in Numbers');
  });

  it('says the real number of customers in Bangla, in Bengali digits', async () => {
    addTranslations('home', en, () => import('@/locales/bn/home.json'));
    await setLanguage('bn');
    setup({ platform, bookings: { ...bookings, totalCustomers: 1600 }, reviews });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('১,৬০০ জন গ্রাহকের আস্থা');
  });

  it('shows no award nobody gave: only the milestone badges the counts earn, even with many services', () => {
    setup({ platform: { ...platform, totalServices: 500 }, bookings, reviews });
    const badges = screen.getByRole('list', { name: 'Milestones' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Verified Platform', 'Trusted Service', 'Growing Community']);
    expect(screen.queryByText(/Award/)).not.toBeInTheDocument();
  });

  it('earns the badges from the real counts', () => {
    setup({ platform: { ...platform, totalServices: 12, totalProviders: 3 }, bookings, reviews });
    const badges = screen.getByRole('list', { name: 'Milestones' });
    expect(badges).toHaveTextContent('Verified Platform');
    expect(badges).toHaveTextContent('Trusted Service');
    expect(badges).toHaveTextContent('Growing Community');
    expect(badges).not.toHaveTextContent('Excellence Award');
  });

  it('hides the figures of a failed call and keeps the others', async () => {
    serveRoutes({
      '/stats': { status: 500 },
      '/bookings/stats': bookings,
      '/reviews/stats': reviews,
    });
    renderAt(<TrustStats />);
    expect(await screen.findByText('Jobs Completed')).toBeInTheDocument();
    expect(await screen.findByText('Average Rating')).toBeInTheDocument();
    expect(screen.queryByText('Services Listed')).not.toBeInTheDocument();
    expect(screen.queryByText('Service Providers')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Milestones' })).not.toBeInTheDocument();
  });

  it('hides the whole band when every call fails', async () => {
    serveRoutes({ '/stats': { status: 500 }, '/bookings/stats': { status: 500 }, '/reviews/stats': { status: 503 } });
    renderAt(<TrustStats />);
    await waitFor(() => expect(calledUrls()).toHaveLength(3));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument());
  });
});
