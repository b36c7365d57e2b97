import { useTranslation } from '@/lib/i18n';
import { HeroSlider } from './hero-slider';
import { HeroStats } from './hero-stats';

export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section
      aria-labelledby="home-hero-heading"
      className="bg-gradient-to-br from-primary/10 via-base-200 to-secondary/10"
    >
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <h1 id="home-hero-heading" className="mb-4 text-sm font-semibold tracking-wide uppercase text-primary">
          {t('hero.heading')}
        </h1>
        <HeroSlider />
        <HeroStats />
      </div>
    </section>
  );
}
