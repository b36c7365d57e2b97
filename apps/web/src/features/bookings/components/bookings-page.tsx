import { CalendarCheck, ClipboardList, Inbox } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Booking, BookingStatus } from '@meramot/shared';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEndedBookings, useProviderBookings, useUserBookings } from '../api/get-bookings';
import { byEndedDesc } from '../booking-status';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { bookingsUpdateFailed, statusUpdated } from '../lib/status-feedback';
import { RequestCard } from './request-card';
import { BookingDetailsDialog } from './booking-details-dialog';
import { BookingsError } from './bookings-error';
import { BookingsLoading } from './bookings-loading';
import { EmptyState } from '../../../components/ui/empty-state';
import { StatusTabs } from './status-tabs';
import type { ConversationSlot } from '../conversation-slot';
import { linkedCardProps, useBookingLink } from '../use-booking-link';

type Tab = 'mine' | 'requests' | 'ended';

/**
 * /bookings: My Bookings, Service Requests (Accept, Decline, Start Work, Mark Complete) and the
 * ended ones (cancelled, declined, expired), with totals, View Details and messages. A
 * notification's link (`?booking=`) shows its booking's tab and details, or with `&chat=1` its
 * conversation.
 */
export function BookingsPage({ conversations }: { conversations?: ConversationSlot }) {
  const { t } = useTranslation('bookings');
  useDocumentTitle(t('board.mine'));
  const mine = useUserBookings();
  const requests = useProviderBookings();
  const endedMine = useEndedBookings('user');
  const endedRequests = useEndedBookings('provider');
  const update = useUpdateBookingStatus();
  const [tab, setTab] = useState<Tab>('mine');
  const [viewing, setViewing] = useState<{ booking: Booking; side: 'mine' | 'request' } | null>(null);

  const failed = [mine, requests, endedMine, endedRequests].find((q) => q.isError) ?? null;
  const completed = new Set(
    [...mine.bookings, ...requests.bookings].filter((b) => b.status === 'completed').map((b) => b._id),
  ).size;
  // The ended tab: cancelled, declined and expired bookings of both sides, the latest first.
  const requestIds = new Set(endedRequests.bookings.map((b) => b._id));
  const ended = {
    isPending: endedMine.isPending || endedRequests.isPending,
    bookings: [...endedRequests.bookings, ...endedMine.bookings.filter((b) => !requestIds.has(b._id))].sort(
      byEndedDesc,
    ),
  };
  const current = tab === 'mine' ? mine : tab === 'requests' ? requests : ended;
  const sideOf = (booking: Booking): 'mine' | 'request' =>
    tab === 'mine' ? 'mine' : tab === 'requests' || requestIds.has(booking._id) ? 'request' : 'mine';

  // A notification's link waits for a refetch in flight: the cached lists may predate its booking.
  const settled = [mine, requests, endedMine, endedRequests].every((q) => !q.isPending && !q.isFetching);
  const linked = useBookingLink(settled, ({ bookingId, chat }) => {
    const request = requests.bookings.find((b) => b._id === bookingId);
    const own = mine.bookings.find((b) => b._id === bookingId);
    const gone = ended.bookings.find((b) => b._id === bookingId);
    if (request) setTab('requests');
    else if (own) setTab('mine');
    else if (gone) setTab('ended');
    const booking = request ?? own ?? gone;
    const side = request || (gone && requestIds.has(gone._id)) ? 'request' : 'mine';
    if (chat && conversations) conversations.open(bookingId, booking?.serviceName);
    else if (booking) setViewing({ booking, side });
  });

  const advance = async (booking: Booking, status: BookingStatus) => {
    try {
      await update.mutateAsync({ id: booking._id, status });
      void statusUpdated(t, status);
    } catch (error) {
      void bookingsUpdateFailed(t, error);
    }
  };

  const totals = [
    { label: t('board.totalBookings'), value: mine.bookings.length, icon: CalendarCheck },
    { label: t('board.tabRequests'), value: requests.bookings.length, icon: Inbox },
    { label: t('status.completed'), value: completed, icon: ClipboardList },
  ];

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">{t('board.heading')}</h1>
        <p className="mt-1 text-base-content/80">{t('board.intro')}</p>
      </header>

      {failed && (
        <BookingsError
          error={failed.error}
          retrying={[mine, requests, endedMine, endedRequests].some((q) => q.isFetching)}
          onRetry={() => [mine, requests, endedMine, endedRequests].forEach((q) => void q.refetch())}
        />
      )}

      <h2 className="sr-only">{t('board.totalsLabel')}</h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {totals.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex flex-col-reverse rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
            <dt className="flex items-center gap-2 text-xs text-base-content/80 sm:text-sm">
              <Icon className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
              {label}
            </dt>
            <dd className="text-2xl font-bold">{typeof value === 'number' ? formatCount(value) : value}</dd>
          </div>
        ))}
      </dl>

      <StatusTabs<Tab>
        id="bookings"
        label={t('board.tabsLabel')}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'mine', label: t('board.mine'), count: mine.bookings.length },
          { key: 'requests', label: t('board.tabRequests'), count: requests.bookings.length },
          { key: 'ended', label: t('ended'), count: ended.bookings.length },
        ]}
      />

      <div role="tabpanel" id="bookings-panel" aria-labelledby={`bookings-tab-${tab}`}>
        {current.isPending && !failed ? (
          <BookingsLoading />
        ) : current.bookings.length === 0 ? (
          <EmptyState
            text={
              tab === 'mine'
                ? t('board.emptyMine')
                : tab === 'requests'
                  ? t('board.emptyRequests')
                  : t('empty.ended.text')
            }
            action={
              tab !== 'ended' && (
                <Link to={tab === 'mine' ? paths.services : paths.addService} className="btn btn-primary">
                  {tab === 'mine' ? t('empty.browse') : t('addService')}
                </Link>
              )
            }
          />
        ) : (
          <ul className="space-y-4">
            {current.bookings.map((booking) => (
              <li key={booking._id} {...linkedCardProps(booking._id === linked)}>
                <RequestCard
                  booking={booking}
                  side={sideOf(booking)}
                  updating={update.isPending && update.variables?.id === booking._id}
                  onView={(b) => setViewing({ booking: b, side: sideOf(b) })}
                  onAdvance={tab === 'requests' ? advance : undefined}
                  messages={conversations?.button(booking)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <BookingDetailsDialog
        booking={viewing?.booking ?? null}
        side={viewing?.side ?? 'mine'}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
