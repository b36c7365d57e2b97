import type { Booking } from '@meramot/shared';
import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { errorKind } from '@/lib/api-client';
import { showDialog, toast } from '@/lib/alerts';
import { useTranslation } from '@/lib/i18n';
import { ReviewForm, type ReviewValues } from './review-form';

export type SubmitReview = (booking: Booking, values: ReviewValues & { title: string }) => Promise<unknown>;

interface Props {
  /** The booking being reviewed; null keeps the dialog closed. */
  booking: Booking | null;
  onClose(): void;
  submitReview: SubmitReview;
}

/**
 * The review dialog, to write a booking's review or to edit it within 7 days (focus starts on the
 * stars, returns to the button that opened it; no closing while sending).
 */
export function ReviewDialog({ booking, onClose, submitReview }: Props) {
  const { t } = useTranslation('bookings');
  const [submitting, setSubmitting] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

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
      // A conflict ("You have already reviewed this booking.") is best said in the server's words.
      const text = errorKind(error) === 'conflict' ? (error as Error).message : t('review.failedText');
      await showDialog({
        title: t('review.failedTitle'),
        text,
        icon: 'error',
        target: dialog.current ?? 'body',
        returnFocus: false,
      });
    }
  };

  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking?.review ? t('review.editTitle') : t('review.title')}
      titleId="review-dialog-title"
      initialFocus="input[name=rating]"
      isBusy={() => submitting}
      dialogRef={dialog}
    >
      {booking && (
        <>
          <p className="mt-1 text-sm break-words text-base-content/80">
            {t('review.intro', { name: booking.serviceName })}
          </p>
          <ReviewForm
            key={booking._id}
            serviceName={booking.serviceName}
            existing={booking.review}
            submitting={submitting}
            onSubmit={submit}
            onCancel={() => !submitting && onClose()}
          />
        </>
      )}
    </Modal>
  );
}
