import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import type { Booking } from '@meramot/shared';
import { formatDate, formatTaka } from '../../../lib/format';
import { StatusBadge } from './status-badge';

interface Props {
  booking: Booking | null;
  /** 'mine': the signed-in user booked it (show the provider); 'request': show the customer. */
  side: 'mine' | 'request';
  onClose(): void;
}

/**
 * View Details: a modal <dialog> with every field of the booking (Escape and the backdrop close
 * it; the page behind is inert; focus returns to the opener).
 */
export function BookingDetailsDialog({ booking, side, onClose }: Props) {
  const { t } = useTranslation('requests');
  const open = booking !== null;
  const ref = useModalDialog(open, 'button');


  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-base-content/80">{label}</dt>
      <dd className="break-words sm:col-span-2">{value}</dd>
    </div>
  );

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="booking-details-title"
      onClose={() => open && onClose()}
    >
      {booking && (
        <div className="modal-box max-h-[92vh] w-full sm:max-w-xl">
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
            onClick={onClose}
            aria-label={t('details.close')}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          <h2 id="booking-details-title" className="pr-10 text-xl font-bold">
            {t('details.title')}
          </h2>
          <dl className="mt-3 divide-y divide-base-300">
            {row(t('details.service'), booking.serviceName)}
            {row(t('details.price'), formatTaka(booking.price))}
            {row(t('details.area'), booking.serviceArea)}
            {row(t('details.serviceDate'), formatDate(booking.serviceTakingDate))}
            {row(t('details.bookedAt'), formatDate(booking.bookedAt))}
            {booking.startedAt && row(t('details.startedAt'), formatDate(booking.startedAt))}
            {booking.completedAt && row(t('details.completedAt'), formatDate(booking.completedAt))}
            {row(t('details.estimatedTime'), booking.estimatedTime)}
            {row(t('details.status'), <StatusBadge status={booking.status} />)}
            {side === 'mine' ? (
              <>
                {row(t('details.provider'), booking.providerName)}
                {row(t('details.providerEmail'), booking.providerEmail)}
                {row(t('details.providerPhone'), booking.providerPhone)}
              </>
            ) : (
              <>
                {row(t('details.customer'), booking.customerName)}
                {row(t('details.customerEmail'), booking.customerEmail)}
              </>
            )}
            {row(t('details.notes'), booking.specialInstruction.trim() || t('details.noNotes'))}
          </dl>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>
              {t('details.close')}
            </button>
          </div>
        </div>
      )}
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={onClose}>
          {t('details.close')}
        </button>
      </div>
    </dialog>
  );
}
