import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX, reviewFieldsSchema } from '@meramot/shared';

type Input = z.input<typeof reviewFieldsSchema>;
export type ReviewValues = z.output<typeof reviewFieldsSchema>;

const RATINGS = ['5', '4', '3', '2', '1'] as const;

interface Props {
  serviceName: string;
  submitting: boolean;
  onSubmit(values: ReviewValues & { title: string }): void;
  onCancel(): void;
}

/** Rating (default 5), optional title (default 'Review for {service}'), comment 10..500. */
export function ReviewForm({ serviceName, submitting, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('bookings');
  const defaultTitle = t('review.defaultTitle', { name: serviceName }).slice(0, REVIEW_TITLE_MAX);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, ReviewValues>({
    resolver: zodResolver(reviewFieldsSchema),
    defaultValues: { rating: '5', title: '', comment: '' },
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const { errors } = formState;

  return (
    <form
      noValidate
      className="mt-4 flex flex-col gap-4"
      onSubmit={handleSubmit((values) => onSubmit({ ...values, title: values.title || defaultTitle }))}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="review-rating" className="font-medium">
          {t('review.rating')}
        </label>
        <select id="review-rating" className="select w-full" {...register('rating')} disabled={submitting}>
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {t(`review.ratings.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="review-title" className="font-medium">
          {t('review.reviewTitle')}
        </label>
        <input
          id="review-title"
          type="text"
          className="input w-full"
          maxLength={REVIEW_TITLE_MAX}
          placeholder={defaultTitle}
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? 'review-title-error' : undefined}
          disabled={submitting}
          {...register('title')}
        />
        {errors.title && (
          <span id="review-title-error" role="alert" className="text-sm text-red-700 dark:text-error">
            {errors.title.message}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="review-comment" className="font-medium">
          {t('review.comment')}
        </label>
        <textarea
          id="review-comment"
          className="textarea h-32 w-full"
          placeholder={t('review.commentPlaceholder')}
          aria-invalid={!!errors.comment}
          aria-describedby={`review-comment-count${errors.comment ? ' review-comment-error' : ''}`}
          aria-required="true"
          disabled={submitting}
          {...register('comment')}
        />
        <span id="review-comment-count" className="text-right text-xs text-base-content/80">
          {t('review.count', { count: comment.length, max: REVIEW_COMMENT_MAX })}
        </span>
        {errors.comment && (
          <span id="review-comment-error" role="alert" className="text-sm text-red-700 dark:text-error">
            {errors.comment.message}
          </span>
        )}
      </div>
      <div className="modal-action mt-2 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={submitting}>
          {t('review.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitting ? t('review.submitting') : t('review.submit')}
        </button>
      </div>
    </form>
  );
}
