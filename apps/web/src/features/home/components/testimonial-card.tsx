import { Quote, Star } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { images } from '../../../config/paths';
import type { Testimonial } from '../lib/to-testimonials';
import { FallbackImage } from '../../../components/ui/fallback-image';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { t } = useTranslation('home');
  const name = testimonial.name ?? t('testimonials.anonymous');
  const stars = Math.round(testimonial.rating);
  const details = [testimonial.location, testimonial.service].filter(Boolean).join(t('testimonials.detailsSeparator'));
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-md">
      <div className="card-body gap-4 p-6 sm:p-8">
        <div className="flex items-center justify-between gap-4">
          <Quote className="size-8 text-primary/70" aria-hidden="true" />
          <span className="flex gap-0.5" role="img" aria-label={t('testimonials.rating', { rating: testimonial.rating })}>
            {Array.from({ length: 5 }, (_, i) => (
              <Star key={i} className={`size-5 ${i < stars ? 'fill-warning text-warning' : 'text-base-content/30'}`} aria-hidden="true" />
            ))}
          </span>
        </div>
        <blockquote className="text-base leading-relaxed break-words sm:text-lg">{testimonial.comment}</blockquote>
        <figcaption className="mt-auto flex items-center gap-3">
          <FallbackImage
            src={testimonial.image}
            fallback={images.defaultAvatar}
            alt={t('testimonials.avatarAlt', { name })}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="size-12 shrink-0 rounded-full object-cover"
          />
          <span className="min-w-0">
            <span className="block font-semibold break-words">{name}</span>
            {details && <span className="block text-sm break-words text-base-content/75">{details}</span>}
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
