import type { Booking } from '@meramot/shared';
import { Modal } from '@/components/ui/modal';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { formatArea, formatDate, formatTaka } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { bookingEstimate, formatWhen } from '../lib/booking-text';
import { ContactFacts, EndedFacts, ReviewFacts, PhoneLink, providerPhoneOf } from './booking-contact';
import { BookingFact } from './booking-fact';
import { BookingProposals } from './booking-proposals';
import { StatusBadge } from './status-badge';

interface Props {
  booking: Booking | null;
  /** 'mine': the signed-in user booked it (show the provider); 'request': show the customer. */
  side: 'mine' | 'request';
  onClose(): void;
}

/** View Details: every field of the booking in a modal (focus returns to the opener). */
export function BookingDetailsDialog({ booking, side, onClose }: Props) {
  const { t } = useTranslation('bookings');
  const { t: common } = useTranslation();
  const estimate = booking && bookingEstimate(t, booking);
  const providerPhone = booking && providerPhoneOf(booking);
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={t('details.title')}
      titleId="booking-details-title"
      initialFocus="button"
      className="sm:max-w-xl"
    >
      {booking && (
        <>
          <dl className="mt-3 grid gap-2">
            <BookingFact label={t('card.service')}>{booking.serviceName}</BookingFact>
            <BookingFact label={t('card.price')}>{formatTaka(booking.price)}</BookingFact>
            <BookingFact label={t('card.area')}>{formatArea(booking.serviceArea)}</BookingFact>
            <BookingFact label={t('card.when')}>{formatWhen(t, booking)}</BookingFact>
            <BookingFact label={t('card.bookedOn')}>{formatDate(booking.bookedAt)}</BookingFact>
            {booking.startedAt && (
              <BookingFact label={t('card.startedOn')}>{formatDate(booking.startedAt)}</BookingFact>
            )}
            {booking.completedAt && (
              <BookingFact label={t('card.completedOn')}>{formatDate(booking.completedAt)}</BookingFact>
            )}
            {estimate && <BookingFact label={t('card.estimatedTime')}>{estimate}</BookingFact>}
            <BookingFact label={t('card.status')}>
              <StatusBadge state={booking.state} />
            </BookingFact>
            <EndedFacts booking={booking} />
            <ReviewFacts booking={booking} />
            {side === 'mine' ? (
              <>
                <BookingFact label={t('card.provider')}>{booking.providerName}</BookingFact>
                <BookingFact label={t('card.providerEmail')}>{booking.providerEmail}</BookingFact>
                <BookingFact label={t('card.providerPhone')}>
                  {providerPhone ? (
                    <PhoneLink phone={providerPhone} />
                  ) : booking.contactShared ? (
                    t('card.notProvided')
                  ) : (
                    t('card.phoneAfterAccept')
                  )}
                </BookingFact>
                <ContactFacts booking={booking} viewer="customer" />
              </>
            ) : (
              <>
                <BookingFact label={t('card.customer')}>{booking.customerName}</BookingFact>
                <BookingFact label={t('card.customerEmail')}>{booking.customerEmail}</BookingFact>
                <ContactFacts booking={booking} viewer="provider" />
              </>
            )}
            <BookingFact label={t('card.notes')}>{booking.specialInstruction.trim() || t('card.noNotes')}</BookingFact>
            {/* Photos of the problem sent with the request (issue 23): each opens larger. */}
            {(booking.photos?.length ?? 0) > 0 && (
              <BookingFact label={t('card.photos')}>
                <PhotoThumbnails photos={booking.photos} label={t('card.photos')} alt={t('card.photoAlt')} />
              </BookingFact>
            )}
          </dl>
          {booking.proposals.length > 0 && (
            <div className="mt-3">
              <BookingProposals booking={booking} viewer={side === 'mine' ? 'customer' : 'provider'} readOnly />
            </div>
          )}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>
              {common('close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
