import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX, reviewFieldsSchema } from '@meramot/shared';
import { Star } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field, fieldAria } from '@/components/ui/field';
import { useTranslation } from '@/lib/i18n';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSchemaMessage } from '@/lib/use-schema-message';

type Input = z.input<typeof reviewFieldsSchema>;
export type ReviewValues = z.output<typeof reviewFieldsSchema>;

const RATINGS = ['1', '2', '3', '4', '5'] as const;

interface Props {
  serviceName: string;
  /** The review being edited (its customer, within 7 days): the form starts from it. */
  existing?: { rating: number; title: string; comment: string } | null;
  submitting: boolean;
  onSubmit(values: ReviewValues & { title: string }): void;
  onCancel(): void;
}

/** Rating (stars, none chosen at first), optional title (default 'Review for {service}'), comment 10..500. */
export function ReviewForm({ serviceName, existing, submitting, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('bookings');
  const say = useSchemaMessage();
  const defaultTitle = t('review.defaultTitle', { name: serviceName }).slice(0, REVIEW_TITLE_MAX);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, ReviewValues>({
    resolver: zodResolver(reviewFieldsSchema),
    defaultValues: existing
      ? { rating: String(existing.rating), title: existing.title, comment: existing.comment }
      : { rating: '', title: '', comment: '' },
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const rating = Number(useWatch({ control, name: 'rating' }) ?? 0);
  const { errors } = formState;
  const count = t('review.count', { count: comment.length, max: REVIEW_COMMENT_MAX });

  return (
    <form
      noValidate
      className="mt-4 flex flex-col gap-2"
      onSubmit={handleSubmit((values) => onSubmit({ ...values, title: values.title || defaultTitle }))}
    >
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('review.rating')}</legend>
        {/* Five radios drawn as stars: arrow keys move between them, none is chosen at first. */}
        <div className="flex gap-1">
          {RATINGS.map((r) => (
            <label
              key={r}
              className="cursor-pointer rounded-sm p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              <input
                type="radio"
                value={r}
                className="sr-only"
                aria-invalid={errors.rating ? true : undefined}
                disabled={submitting}
                {...register('rating')}
              />
              <Star
                aria-hidden="true"
                className={`size-8 ${Number(r) <= rating ? 'fill-warning text-warning' : 'text-base-content/40'}`}
              />
              <span className="sr-only">{t(`review.ratings.${r}`)}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" role="alert" className="text-sm text-error">
            {t('review.ratingRequired')}
          </p>
        )}
      </fieldset>
      <Field
        id="review-title"
        label={t('review.reviewTitle')}
        error={say(errors.title?.message)}
        maxLength={REVIEW_TITLE_MAX}
        placeholder={defaultTitle}
        disabled={submitting}
        {...register('title')}
      />
      <Field id="review-comment" label={t('review.comment')} hint={count} error={say(errors.comment?.message)}>
        <textarea
          {...fieldAria('review-comment', { hint: count, error: say(errors.comment?.message) })}
          className={`textarea h-32 w-full ${errors.comment ? 'textarea-error' : ''}`}
          placeholder={t('review.commentPlaceholder')}
          aria-required="true"
          disabled={submitting}
          {...register('comment')}
        />
      </Field>
      <div className="modal-action mt-2 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={submitting}>
          {t('dismiss')}
        </button>
        <SubmitButton busy={submitting} busyLabel={t('review.submitting')}>
          {t('review.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
