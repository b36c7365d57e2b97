import { lazy } from 'react';
import { CategoryTiles } from '@/features/home/components/category-tiles';
import { DeferredSection } from '@/features/home/components/deferred-section';
import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { WhyChoose } from '@/features/home/components/why-choose';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import homeTranslations from '@/locales/en/home.json';

addTranslations('home', homeTranslations, () => import('@/locales/bn/home.json'));

// Below the fold: its own chunk, rendered when near the viewport or when the browser is idle.
const belowTheFold = () => import('@/features/home/components/below-the-fold');
const StatsAndServices = lazy(() => belowTheFold().then((m) => ({ default: m.StatsAndServices })));
const TestimonialsAndCta = lazy(() => belowTheFold().then((m) => ({ default: m.TestimonialsAndCta })));

/** Home (/): hero, categories, why choose, stats, popular services, how it works, testimonials, call to action. */
export default function Route() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <CategoryTiles />
      <WhyChoose />
      <DeferredSection placeholderClass="min-h-[4200px] sm:min-h-[2600px] lg:min-h-[1750px]">
        <StatsAndServices />
      </DeferredSection>
      <HowItWorks />
      <DeferredSection placeholderClass="min-h-[1000px] sm:min-h-[900px]">
        <TestimonialsAndCta />
      </DeferredSection>
    </>
  );
}
