import { useState } from 'react';
import { formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import type { Booking, BookingStatus } from '@meramot/shared';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/lib/alerts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEndedBookings, useProviderBookings } from '../api/get-bookings';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { BOOKING_TABS, bookingsInTab, byEndedDesc, stateKey, type BookingTab } from '../booking-status';
import { nextStepFailed, statusUpdated, todoUpdateFailed } from '../lib/status-feedback';
import { BookingDetailsDialog } from './booking-details-dialog';
import { BookingsError } from './bookings-error';
import { BookingsLoading } from './bookings-loading';
import { StatusTabs } from './status-tabs';
import { TodoCard } from './todo-card';
import type { ConversationSlot } from '../conversation-slot';
import { linkedCardProps, useBookingLink } from '../use-booking-link';
import { EmptyState } from '@/components/ui/empty-state';

type Filter = BookingTab;

/**
 * /service-todo, the provider's home for the requests of their services: stats, filters (the ended
 * ones too), Accept and Decline, Start Work and Mark Complete, a status dropdown, View Details and
 * messages. A notification's link (`?booking=`) shows its card (on its tab), `&chat=1` opens its
 * conversation.
 */
export function ServiceTodoPage({ conversations }: { conversations?: ConversationSlot }) {
  const { t } = useTranslation('bookings');
  useDocumentTitle(t('todo.title'));
  const requests = useProviderBookings();
  const ended = useEndedBookings('provider');
  const update = useUpdateBookingStatus();
  const [filter, setFilter] = useState<Filter>('all');
  // View Details follows the lists (a refetch shows the new state in the open dialog).
  const [viewingId, setViewingId] = useState<string | null>(null);
  const settled = !requests.isPending && !requests.isFetching && !ended.isPending && !ended.isFetching;
  const linked = useBookingLink(settled, ({ bookingId, chat }) => {
    const active = requests.bookings.find((b) => b._id === bookingId);
    const booking = active ?? ended.bookings.find((b) => b._id === bookingId);
    if (active) setFilter('all');
    else if (booking) setFilter('ended');
    if (chat) conversations?.open(bookingId, booking?.serviceName);
  });

  const endedList = [...ended.bookings].sort(byEndedDesc);
  const inFilter = (f: Filter) => (f === 'ended' ? endedList : bookingsInTab(requests.bookings, f));
  const count = (f: Filter) => inFilter(f).length;
  const shown = inFilter(filter);
  const label = (f: Filter) => (f === 'all' ? t('all') : f === 'ended' ? t('ended') : t(stateKey(f)));
  const current = filter === 'ended' ? ended : requests;
  const viewing = (viewingId && [...requests.bookings, ...endedList].find((b) => b._id === viewingId)) || null;

  const changeStatus = async (booking: Booking, status: BookingStatus) => {
    if (status === booking.status) return;
    const vars = { service: booking.serviceName, customer: booking.customerName, status: t(stateKey(status)) };
    const ok = await confirmDialog({
      title: t('todo.confirmTitle'),
      text: status === 'completed' ? t('todo.confirmFinal', vars) : t('todo.confirmText', vars),
      confirm: t('todo.confirm'),
      cancel: t('dismiss'),
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ id: booking._id, status });
      void statusUpdated(t, status);
    } catch (error) {
      void todoUpdateFailed(t, error);
    }
  };

  // Start Work and Mark Complete: one step forward, said by the button itself (no confirmation).
  const advance = async (booking: Booking, status: BookingStatus) => {
    try {
      await update.mutateAsync({ id: booking._id, status });
      void statusUpdated(t, status);
    } catch (error) {
      void nextStepFailed(t, error);
    }
  };

  const stats: { key: Filter; label: string; className: string }[] = [
    { key: 'all', label: t('todo.total'), className: 'border-l-primary' },
    { key: 'pending', label: t(stateKey('pending')), className: 'border-l-warning' },
    { key: 'accepted', label: t(stateKey('accepted')), className: 'border-l-primary' },
    { key: 'working', label: t(stateKey('working')), className: 'border-l-info' },
    { key: 'completed', label: t(stateKey('completed')), className: 'border-l-success' },
  ];

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">{t('todo.title')}</h1>
        <p className="mt-1 text-base-content/80">{t('todo.intro')}</p>
      </header>

      {current.isError && (
        <BookingsError error={current.error} retrying={current.isFetching} onRetry={() => void current.refetch()} />
      )}

      <h2 className="sr-only">{t('todo.statsLabel')}</h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {stats.map((s) => (
          <div
            key={s.key}
            className={`flex flex-col-reverse rounded-box border border-l-4 border-base-300 bg-base-100 p-4 ${s.className}`}
          >
            <dt className="text-sm text-base-content/80">{s.label}</dt>
            <dd className="text-3xl font-bold">{formatCount(count(s.key))}</dd>
          </div>
        ))}
      </dl>

      <StatusTabs<Filter>
        id="todo"
        label={t('todo.filterLabel')}
        active={filter}
        onChange={setFilter}
        tabs={BOOKING_TABS.map((f) => ({ key: f, label: label(f), count: count(f) }))}
      />

      <div role="tabpanel" id="todo-panel" aria-labelledby={`todo-tab-${filter}`}>
        {current.isPending && !current.isError ? (
          <BookingsLoading />
        ) : shown.length === 0 ? (
          <EmptyState
            text={
              filter === 'all'
                ? t('todo.empty')
                : filter === 'ended'
                  ? t('empty.ended.text')
                  : t('todo.emptyFiltered', { status: label(filter).toLowerCase() })
            }
            action={
              filter === 'all' && (
                <Link to={paths.addService} className="btn btn-primary">
                  {t('addService')}
                </Link>
              )
            }
          />
        ) : (
          <ul className="space-y-4">
            {shown.map((booking) => (
              <li key={booking._id} {...linkedCardProps(booking._id === linked)}>
                <TodoCard
                  booking={booking}
                  updating={update.isPending && update.variables?.id === booking._id}
                  onChangeStatus={changeStatus}
                  onAdvance={advance}
                  onView={(b) => setViewingId(b._id)}
                  messages={conversations?.button(booking)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <BookingDetailsDialog booking={viewing} side="request" onClose={() => setViewingId(null)} />
    </section>
  );
}
