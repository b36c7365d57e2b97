import { ClosingCta } from './closing-cta';
import { PopularServices } from './popular-services';
import { Testimonials } from './testimonials';
import { TrustStats } from './trust-stats';

/** The home sections rendered after the first screen (one chunk, loaded by DeferredSection). */
export function StatsAndServices() {
  return (
    <>
      <TrustStats />
      <PopularServices />
    </>
  );
}

export function TestimonialsAndCta() {
  return (
    <>
      <Testimonials />
      <ClosingCta />
    </>
  );
}
