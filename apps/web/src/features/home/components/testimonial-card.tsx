import { Quote } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { formatArea } from '@/lib/format';
import type { Testimonial } from '../lib/to-testimonials';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { t } = useTranslation('home');
  const name = testimonial.name ?? t('testimonials.anonymous');
  const details = [testimonial.location && formatArea(testimonial.location), testimonial.service]
    .filter(Boolean)
    .join(t('testimonials.detailsSeparator'));
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-md">
      <div className="card-body gap-4 p-6 sm:p-8">
        <div className="flex items-center justify-between gap-4">
          <Quote className="size-8 text-primary/70" aria-hidden="true" />
          <StarRating
            rating={testimonial.rating}
            label={t('testimonials.rating', { rating: testimonial.rating })}
            size="md"
          />
        </div>
        <blockquote className="text-base leading-relaxed break-words sm:text-lg">{testimonial.comment}</blockquote>
        <figcaption className="mt-auto flex items-center gap-3">
          <Avatar src={testimonial.image} alt={t('testimonials.avatarAlt', { name })} size={48} />
          <span className="min-w-0">
            <span className="block font-semibold break-words">{name}</span>
            {details && <span className="block text-sm break-words text-base-content/75">{details}</span>}
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
