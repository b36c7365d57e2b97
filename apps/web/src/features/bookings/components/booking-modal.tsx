import { X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import type { Booking, Service, User } from '@meramot/shared';
import { BookingForm } from './booking-form';

interface Props {
  service: Service;
  user: User;
  open: boolean;
  onClose(): void;
  onBooked(booking: Booking): void;
}

/**
 * The booking modal: a modal <dialog> (the page behind is inert, so focus stays inside; Escape
 * closes it; focus returns to Book Now). Each opening mounts a fresh form: date tomorrow, no
 * instruction, a new Idempotency-Key.
 */
export function BookingModal({ service, user, open, onClose, onBooked }: Props) {
  const { t } = useTranslation('booking');
  const ref = useModalDialog(open, 'input[type="date"]');
  // True while submitting or while a message dialog shows over the modal: Escape must not close it.
  const busy = useRef(false);


  const requestClose = () => {
    if (!busy.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="booking-modal-title"
      onCancel={(e) => {
        if (busy.current) e.preventDefault();
      }}
      onClose={() => open && onClose()}
    >
      {open && (
        <div className="modal-box max-h-[92vh] w-full sm:max-w-2xl">
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
            onClick={requestClose}
            aria-label={t('modal.close')}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          <h2 id="booking-modal-title" className="pr-10 text-xl font-bold">
            {t('modal.title')}
          </h2>
          <p className="mt-1 text-sm text-base-content/80">{t('modal.intro')}</p>
          <BookingForm
            service={service}
            user={user}
            dialog={ref}
            busy={busy}
            onCancel={requestClose}
            onBooked={onBooked}
          />
        </div>
      )}
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={requestClose}>
          {t('modal.close')}
        </button>
      </div>
    </dialog>
  );
}
