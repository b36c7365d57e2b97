import { useMemo } from 'react';
import { getResource, useTranslation } from '@/lib/i18n';
import { useRecentReviews } from '../api/get-recent-reviews';
import { useCarousel } from '../hooks/use-carousel';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { toTestimonials } from '../lib/to-testimonials';
import { CarouselControls } from './carousel-controls';
import { HomeSection } from './home-section';
import { TestimonialCard } from './testimonial-card';

/** Testimonial rotation (spec section 9). */
export const TESTIMONIAL_INTERVAL_MS = 5000;

/**
 * The newest real reviews as a carousel. Only when none is usable (no reviews yet, or the call
 * failed) are the sample testimonials shown, under a notice saying they are examples.
 */
export function Testimonials() {
  const { t, language } = useTranslation('home');
  const { data, isPending, isError } = useRecentReviews();
  const reducedMotion = usePrefersReducedMotion();
  const real = useMemo(() => toTestimonials(data), [data]);
  const samples = useMemo(() => toTestimonials(getResource('home', 'testimonials.samples', language)), [language]);
  const usingSamples = !isPending && real.length === 0;
  const list = usingSamples ? samples : real;
  const { index, playing, rotating, goTo, next, prev, togglePlaying, handlers } = useCarousel({
    count: list.length,
    intervalMs: TESTIMONIAL_INTERVAL_MS,
    reducedMotion,
  });
  const fade = reducedMotion ? '' : 'transition-[opacity,visibility] duration-500';

  return (
    <HomeSection
      headingId="home-testimonials-heading"
      title={t('testimonials.heading')}
      intro={usingSamples ? undefined : t('testimonials.intro')}
    >
      {usingSamples && (
        <p className="mx-auto -mt-4 mb-6 max-w-2xl text-center text-sm text-base-content/75">
          {t(isError ? 'testimonials.samplesNoticeError' : 'testimonials.samplesNotice')}
        </p>
      )}
      {isPending ? (
        <div className="skeleton mx-auto h-64 max-w-3xl" aria-hidden="true" />
      ) : (
        <div
          aria-roledescription="carousel"
          aria-label={t('testimonials.carouselLabel')}
          role="region"
          tabIndex={0}
          className="mx-auto max-w-3xl rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
          {...handlers}
        >
          <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
            {list.map((testimonial, i) => (
              <div
                key={testimonial.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t('testimonials.slideLabel', { n: i + 1, total: list.length })}
                inert={i !== index}
                className={`col-start-1 row-start-1 ${fade} ${i === index ? 'visible opacity-100' : 'invisible opacity-0'}`}
              >
                <TestimonialCard testimonial={testimonial} />
              </div>
            ))}
          </div>
          {list.length > 1 && (
            <div className="mt-4">
              <CarouselControls
                count={list.length}
                index={index}
                playing={playing}
                labels={{
                  previous: t('testimonials.previous'),
                  next: t('testimonials.next'),
                  pause: t('testimonials.pause'),
                  play: t('testimonials.play'),
                  goTo: (n) => t('testimonials.goTo', { n }),
                }}
                onPrev={prev}
                onNext={next}
                onGoTo={goTo}
                onTogglePlaying={togglePlaying}
              />
            </div>
          )}
        </div>
      )}
    </HomeSection>
  );
}
