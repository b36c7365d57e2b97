import { BadgeCheck, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useBookingStats } from '../api/get-booking-stats';
import { usePlatformStats } from '../api/get-platform-stats';
import { useReviewStats } from '../api/get-review-stats';
import { useInView } from '../hooks/use-in-view';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { trustBadges, trustFigures, type BadgeKey, type Figure } from '../lib/trust-figures';
import { AnimatedCounter } from './animated-counter';

/** Counters start once this share of the band is visible (spec section 9). */
export const COUNTER_VISIBILITY = 0.3;

const BADGE_ICONS: Record<BadgeKey, LucideIcon> = { verified: BadgeCheck, trusted: ShieldCheck, growing: Users };

/**
 * The trust band: real figures with animated counters and milestone badges, headed by the real
 * number of customers ("Trusted by 16 Customers"; "Meramot in Numbers" until it is known, or with
 * none), never an invented "Thousands".
 */
export function TrustStats() {
  const { t } = useTranslation('home');
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, COUNTER_VISIBILITY);
  const reducedMotion = usePrefersReducedMotion();
  const platform = usePlatformStats();
  const bookings = useBookingStats();
  const reviews = useReviewStats();
  const slots = trustFigures(platform, bookings, reviews);
  const badges = trustBadges(platform.data);
  const customers = bookings.data?.totalCustomers;

  const value = (figure: Figure) => {
    if (figure.kind === 'text') return figure.text;
    const counter = (
      <AnimatedCounter value={figure.value} start={inView} reducedMotion={reducedMotion} format={figure.format} />
    );
    if (figure.key === 'averageRating')
      return (
        <>
          {counter}
          {t('trust.ratingSuffix')}
        </>
      );
    if (figure.key === 'positiveFeedback')
      return (
        <>
          {counter}
          {t('trust.percentSuffix')}
        </>
      );
    return counter;
  };

  if (slots.length === 0) return null;
  return (
    <section ref={ref} aria-labelledby="home-trust-heading" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <div className="mx-auto mb-8 max-w-2xl text-center">
          <h2 id="home-trust-heading" className="text-2xl font-bold sm:text-3xl">
            {customers ? t('trust.headingCustomers', { count: customers }) : t('trust.heading')}
          </h2>
          <p className="mt-2 opacity-85">{t('trust.intro')}</p>
        </div>
        <dl className="flex flex-wrap justify-center gap-y-8 text-center">
          {slots.map((slot) => (
            <div key={slot.key} className="flex w-1/2 flex-col gap-1 px-2 md:w-1/4">
              <dt className="text-sm opacity-85">{t(`trust.${slot.key}`)}</dt>
              <dd className="order-first text-3xl font-extrabold sm:text-4xl">
                {slot.kind === 'loading' ? (
                  <span className="skeleton inline-block h-9 w-20 align-middle" aria-hidden="true" />
                ) : (
                  value(slot)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {badges.length > 0 && (
          <ul aria-label={t('trust.badgesLabel')} className="mt-10 flex flex-wrap justify-center gap-2">
            {badges.map((badge) => {
              const Icon = BADGE_ICONS[badge];
              return (
                <li
                  key={badge}
                  className="badge badge-lg gap-2 border-neutral-content/30 bg-neutral-content/10 text-neutral-content"
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`trust.badges.${badge}`)}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
