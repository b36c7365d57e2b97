import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';
import { HERO_IMAGES } from '../hero-images';
import { useCarousel } from '../hooks/use-carousel';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { CarouselControls } from './carousel-controls';

/** Hero auto-advance (spec section 9). */
export const HERO_INTERVAL_MS = 6000;

/** Shipped images (800 × 600) and the first call to action of each slide. */
const SLIDES = [
  { image: HERO_IMAGES[0], to: paths.services },
  { image: HERO_IMAGES[1], to: paths.servicesSearch('Laptop') },
  { image: HERO_IMAGES[2], to: '#how-it-works' },
] as const;

/**
 * The three-slide hero (WAI-ARIA carousel pattern). All slides share one grid cell, so the
 * tallest decides the height and changing slides never shifts the page.
 */
export function HeroSlider() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const { user, loading } = useAuth();
  const reducedMotion = usePrefersReducedMotion();
  const { index, playing, rotating, goTo, next, prev, togglePlaying, handlers } = useCarousel({
    count: SLIDES.length,
    intervalMs: HERO_INTERVAL_MS,
    reducedMotion,
  });
  const fade = reducedMotion ? '' : 'transition-[opacity,visibility] duration-700';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('hero.carouselLabel')}
      tabIndex={0}
      className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
      {...handlers}
    >
      <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => {
          const active = i === index;
          const cta = t(`hero.slides.${i}.cta`);
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t('hero.slideLabel', { n: i + 1, total: SLIDES.length })}
              inert={!active}
              className={`col-start-1 row-start-1 grid items-center gap-6 md:grid-cols-2 md:gap-10 ${fade} ${
                active ? 'visible opacity-100' : 'invisible opacity-0'
              }`}
            >
              <div className="order-2 flex flex-col gap-4 md:order-1">
                <h2 className="text-3xl font-extrabold leading-tight text-balance sm:text-4xl lg:text-5xl">
                  {t(`hero.slides.${i}.title`)}
                </h2>
                <p className="text-base text-base-content/80 sm:text-lg">{t(`hero.slides.${i}.text`)}</p>
                <div className="flex flex-wrap gap-3">
                  {slide.to.startsWith('#') ? (
                    <a href={slide.to} className="btn btn-primary">
                      {cta}
                    </a>
                  ) : (
                    <Link to={localize(slide.to)} className="btn btn-primary">
                      {cta}
                    </Link>
                  )}
                  <Link
                    to={user ? paths.addService : paths.register}
                    className={`btn btn-outline ${loading ? 'invisible' : ''}`}
                    aria-hidden={loading || undefined}
                    tabIndex={loading ? -1 : undefined}
                  >
                    {user ? t('hero.addYourService') : t('hero.joinAsProvider')}
                  </Link>
                </div>
              </div>
              <img
                src={slide.image}
                alt={t(`hero.slides.${i}.alt`)}
                width={800}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
                className="order-1 aspect-[16/9] w-full md:aspect-[4/3] rounded-box object-cover shadow-lg md:order-2"
              />
            </div>
          );
        })}
      </div>
      <div className="mt-4">
        <CarouselControls
          count={SLIDES.length}
          index={index}
          playing={playing}
          labels={{
            previous: t('hero.previous'),
            next: t('hero.next'),
            pause: t('hero.pause'),
            play: t('hero.play'),
            goTo: (n) => t('hero.goToSlide', { n }),
          }}
          onPrev={prev}
          onNext={next}
          onGoTo={goTo}
          onTogglePlaying={togglePlaying}
        />
      </div>
    </section>
  );
}
