import { useRef } from 'react';
import type { Booking, Service, User } from '@meramot/shared';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import { BookingForm } from './booking-form';

interface Props {
  service: Service;
  user: User;
  open: boolean;
  onClose(): void;
  onBooked(booking: Booking): void;
}

/**
 * The booking modal (focus starts on the date, returns to Book Now). Each opening mounts a fresh
 * form: date tomorrow, no instruction, a new Idempotency-Key.
 */
export function BookingModal({ service, user, open, onClose, onBooked }: Props) {
  const { t } = useTranslation('booking');
  const dialog = useRef<HTMLDialogElement>(null);
  // True while submitting or while a message dialog shows over the modal: nothing may close it.
  const busy = useRef(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('modal.title')}
      titleId="booking-modal-title"
      initialFocus='input[type="date"]'
      isBusy={() => busy.current}
      dialogRef={dialog}
      className="sm:max-w-2xl"
    >
      <p className="mt-1 text-sm text-base-content/80">{t('modal.intro')}</p>
      <BookingForm
        service={service}
        user={user}
        dialog={dialog}
        busy={busy}
        onCancel={() => !busy.current && onClose()}
        onBooked={onBooked}
      />
    </Modal>
  );
}
