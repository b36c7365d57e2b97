import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Booking } from '@meramot/shared';
import { alertDialog, confirmDialog, toast } from '@/lib/alerts';
import { formatTime } from '@/lib/format';
import { useCancelBooking } from '../api/cancel-booking';
import { useEndedBookings, useUserBookings } from '../api/get-bookings';
import { BOOKING_TABS, bookingsInTab, byEndedDesc, stateKey, type BookingTab } from '../booking-status';
import type { ConversationSlot } from '../conversation-slot';
import { linkedCardProps, useBookingLink } from '../use-booking-link';
import { BookedServiceCard } from './booked-service-card';
import { BookingDetailsDialog } from './booking-details-dialog';
import { BookingsEmpty } from './bookings-empty';
import { BookingsError } from './bookings-error';
import { ReviewDialog, type SubmitReview } from './review-dialog';
import { StatusTabs } from './status-tabs';

interface Props {
  submitReview: SubmitReview;
  /** Each booking's conversation (the route gives it from features/conversations). */
  conversations?: ConversationSlot;
}

/**
 * /booked-services, the customer's home for their bookings: refresh, tabs with counts (the ended
 * ones too: cancelled, declined and expired), cards, cancel, View Details, review and messages. A
 * notification's link (`?booking=`) shows its card, `&chat=1` opens its conversation and
 * `&review=1` its review (when it is completed and not reviewed yet).
 */
export function BookedServicesPage({ submitReview, conversations }: Props) {
  const { t } = useTranslation('bookings');
  const query = useUserBookings();
  const ended = useEndedBookings('user');
  const cancel = useCancelBooking();
  const [tab, setTab] = useState<BookingTab>('all');
  const [reviewing, setReviewing] = useState<Booking | null>(null);
  // View Details follows the lists (a refetch shows the new state in the open dialog).
  const [viewingId, setViewingId] = useState<string | null>(null);
  const { bookings } = query;
  // A notification's link waits for a refetch in flight: the cached list may predate its new status.
  const settled = !query.isPending && !query.isFetching && !ended.isPending && !ended.isFetching;
  const linked = useBookingLink(settled, ({ bookingId, chat, review }) => {
    const active = bookings.find((b) => b._id === bookingId);
    const booking = active ?? ended.bookings.find((b) => b._id === bookingId);
    if (active) setTab('all');
    else if (booking) setTab('ended');
    if (chat) conversations?.open(bookingId, booking?.serviceName);
    else if (review && booking?.status === 'completed' && !booking.reviewed) setReviewing(booking);
  });

  const refresh = async () => {
    void ended.refetch();
    const result = await query.refetch();
    if (result.error) {
      void alertDialog(t('refreshFailedTitle'), t('refreshFailed', { message: result.error.message }));
    }
  };

  const cancelBooking = async (booking: Booking) => {
    const confirmed = await confirmDialog({
      title: t('cancel.confirmTitle'),
      text: t('cancel.confirmText', { name: booking.serviceName }),
      confirm: t('cancel.confirm'),
      cancel: t('cancel.keep'),
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(booking._id);
      void toast(t('cancel.successTitle'), t('cancel.successText'), 2500);
    } catch {
      void alertDialog(t('cancel.failedTitle'), t('cancel.failedText'));
    }
  };

  const endedList = [...ended.bookings].sort(byEndedDesc);
  const shown = tab === 'ended' ? endedList : bookingsInTab(bookings, tab);
  const current = tab === 'ended' ? ended : query;
  const viewing = (viewingId && [...bookings, ...ended.bookings].find((b) => b._id === viewingId)) || null;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10" aria-labelledby="booked-services-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="booked-services-title" className="text-3xl font-bold">
            {t('title')}
          </h1>
          <p className="mt-1 text-base-content/80">{t('intro')}</p>
          {query.dataUpdatedAt > 0 && (
            <p className="mt-1 text-sm text-base-content/80">
              {t('lastUpdated', { time: formatTime(new Date(query.dataUpdatedAt)) })}
            </p>
          )}
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void refresh()}
          disabled={query.isFetching || ended.isFetching}
          aria-label={t('refreshLabel')}
        >
          <RefreshCw
            className={`size-4 ${query.isFetching || ended.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
            aria-hidden="true"
          />
          {query.isFetching || ended.isFetching ? t('refreshing') : t('refresh')}
        </button>
      </div>

      <div className="mt-6">
        <StatusTabs<BookingTab>
          id="booked"
          label={t('tabsLabel')}
          active={tab}
          onChange={setTab}
          tabs={BOOKING_TABS.map((key) => ({
            key,
            label: key === 'all' ? t('all') : key === 'ended' ? t('ended') : t(stateKey(key)),
            count: key === 'ended' ? endedList.length : bookingsInTab(bookings, key).length,
          }))}
        />
      </div>

      <div id="booked-panel" role="tabpanel" aria-labelledby={`booked-tab-${tab}`} className="mt-6">
        {current.isError ? (
          <BookingsError error={current.error} retrying={current.isFetching} onRetry={() => void current.refetch()} />
        ) : current.isPending ? (
          <div role="status" className="flex flex-col items-center gap-3 py-16">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
            <p>{t('loading')}</p>
          </div>
        ) : shown.length === 0 ? (
          <BookingsEmpty tab={tab} />
        ) : (
          <ul className="flex flex-col gap-6">
            {shown.map((booking, i) => (
              <li key={booking._id} {...linkedCardProps(booking._id === linked)}>
                <BookedServiceCard
                  booking={booking}
                  eager={i < 2}
                  cancelling={cancel.isPending && cancel.variables === booking._id}
                  onCancel={(b) => void cancelBooking(b)}
                  onReview={setReviewing}
                  onView={(b) => setViewingId(b._id)}
                  messages={conversations?.button(booking)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <BookingDetailsDialog booking={viewing} side="mine" onClose={() => setViewingId(null)} />
      <ReviewDialog booking={reviewing} onClose={() => setReviewing(null)} submitReview={submitReview} />
    </section>
  );
}
