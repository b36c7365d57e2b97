import { StarRating } from '@/components/ui/star-rating';
import { DEFAULT_PROVIDER_PHONE, type Booking } from '@meramot/shared';
import { Home, MapPin, Phone, Store } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { isEnded } from '../booking-status';
import { BookingFact } from './booking-fact';

const icon = (Icon: typeof Phone) => <Icon className="size-4" aria-hidden="true" />;

/** A phone number as a `tel:` link (the number is its text). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="link link-primary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {phone}
    </a>
  );
}

/** The provider's phone as the customer may see it: null until the booking is accepted or without a number. */
export function providerPhoneOf(booking: Booking): string | null {
  const phone = booking.providerPhone.trim();
  return booking.contactShared && phone && phone !== DEFAULT_PROVIDER_PHONE ? phone : null;
}

/**
 * Where the work happens and how to reach the other party, as facts of a card's <dl>. The customer
 * always sees their own address and phone (and the shop's address); the provider sees the customer's
 * phone and address once the booking is accepted, a note before that.
 */
export function ContactFacts({ booking, viewer }: { booking: Booking; viewer: 'customer' | 'provider' }) {
  const { t } = useTranslation('bookings');
  const atShop = booking.location === 'shop';
  const where = atShop ? t('card.location.shop') : t(`card.location.${viewer}`);
  const ended = isEnded(booking);
  return (
    <>
      <BookingFact label={t('card.where')} icon={icon(atShop ? Store : Home)}>
        {where}
      </BookingFact>
      {viewer === 'customer' ? (
        <>
          {atShop && booking.shopAddress && (
            <BookingFact label={t('card.shopAddress')} icon={icon(MapPin)} wide>
              <span className="whitespace-pre-line">{booking.shopAddress}</span>
            </BookingFact>
          )}
          {!atShop && booking.address && (
            <BookingFact label={t('card.yourAddress')} icon={icon(MapPin)} wide>
              <span className="whitespace-pre-line">{booking.address}</span>
            </BookingFact>
          )}
          {booking.customerPhone && (
            <BookingFact label={t('card.yourPhone')} icon={icon(Phone)}>
              {booking.customerPhone}
            </BookingFact>
          )}
        </>
      ) : booking.contactShared ? (
        <>
          <BookingFact label={t('card.customerPhone')} icon={icon(Phone)}>
            {booking.customerPhone ? <PhoneLink phone={booking.customerPhone} /> : t('card.notProvided')}
          </BookingFact>
          {!atShop && (
            <BookingFact label={t('card.customerAddress')} icon={icon(MapPin)} wide>
              <span className="whitespace-pre-line">{booking.address ?? t('card.notProvided')}</span>
            </BookingFact>
          )}
        </>
      ) : (
        !ended && (
          <BookingFact label={t('card.customerPhone')} icon={icon(Phone)} wide>
            <span className="text-base-content/80">{t('card.contactAfterAccept')}</span>
          </BookingFact>
        )
      )}
    </>
  );
}

/** An ended booking's facts: the decline reason (when declined) and when it ended. */
export function EndedFacts({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  if (!isEnded(booking)) return null;
  return (
    <>
      {booking.state === 'declined' && booking.declineReason && (
        <BookingFact label={t('card.declineReason')} wide>
          <span className="break-words whitespace-pre-line">{booking.declineReason}</span>
        </BookingFact>
      )}
      {booking.endedAt && <BookingFact label={t('card.endedOn')}>{formatDate(booking.endedAt)}</BookingFact>}
    </>
  );
}

/** The booking's review, read by both parties (its stars, title and words). */
export function ReviewFacts({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const review = booking.review;
  if (!review) return null;
  return (
    <BookingFact label={t('card.review')} wide>
      <span className="flex flex-col gap-1">
        <StarRating rating={review.rating} label={t('card.rated', { rating: review.rating })} />
        <span className="font-medium break-words">{review.title}</span>
        <span className="break-words whitespace-pre-line">{review.comment}</span>
        {review.editedAt && <span className="text-xs text-base-content/80">{t('card.edited')}</span>}
      </span>
    </BookingFact>
  );
}
