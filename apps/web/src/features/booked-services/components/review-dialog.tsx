import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import type { Booking } from '@meramot/shared';
import { ApiError } from '../../../lib/api-client';
import { showDialog, toast } from '../../../lib/alerts';
import { ReviewForm, type ReviewValues } from './review-form';

export type SubmitReview = (booking: Booking, values: ReviewValues & { title: string }) => Promise<unknown>;

interface Props {
  /** The booking being reviewed; null keeps the dialog closed. */
  booking: Booking | null;
  onClose(): void;
  submitReview: SubmitReview;
}

/** The review dialog: a modal <dialog> (Escape closes it, focus returns to Leave Review). */
export function ReviewDialog({ booking, onClose, submitReview }: Props) {
  const { t } = useTranslation('bookings');
  const [submitting, setSubmitting] = useState(false);
  const open = booking !== null;
  const ref = useModalDialog(open, 'select');


  const requestClose = () => {
    if (!submitting) onClose();
  };

  const submit = async (values: ReviewValues & { title: string }) => {
    if (!booking) return;
    setSubmitting(true);
    try {
      await submitReview(booking, values);
      setSubmitting(false);
      onClose();
      void toast(t('review.successTitle'), t('review.successText'), 2500);
    } catch (error) {
      setSubmitting(false);
      // 409: the server's reason ("You have already reviewed this booking.") is the clearest text.
      const text = error instanceof ApiError && error.status === 409 ? error.message : t('review.failedText');
      await showDialog({ title: t('review.failedTitle'), text, icon: 'error', target: ref.current ?? 'body', returnFocus: false });
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="review-dialog-title"
      onCancel={(e) => {
        if (submitting) e.preventDefault();
      }}
      onClose={() => open && onClose()}
    >
      {booking && (
        <div className="modal-box w-full sm:max-w-lg">
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
            onClick={requestClose}
            aria-label={t('review.close')}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          <h2 id="review-dialog-title" className="pr-10 text-xl font-bold">
            {t('review.title')}
          </h2>
          <p className="mt-1 text-sm break-words text-base-content/80">{t('review.intro', { name: booking.serviceName })}</p>
          <ReviewForm serviceName={booking.serviceName} submitting={submitting} onSubmit={submit} onCancel={requestClose} />
        </div>
      )}
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={requestClose}>
          {t('review.close')}
        </button>
      </div>
    </dialog>
  );
}
