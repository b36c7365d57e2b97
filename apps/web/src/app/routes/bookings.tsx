import { useQueries } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { bookingsQueryOptions } from '@/features/bookings/api/get-bookings';
import { BookingsLoading } from '@/features/bookings/components/bookings-loading';
import { useAuth } from '@/lib/auth/auth-context';
import { addTranslations } from '@/lib/i18n';
import bookingsTranslations from '@/locales/en/bookings.json';

addTranslations('bookings', bookingsTranslations, () => import('@/locales/bn/bookings.json'));

/**
 * The spec's /bookings (My Bookings and Service Requests) still answers, by sending each list to its
 * one home: a booking's link (`?booking=ID`, with `&chat=1` or others kept) goes to Service To-Do when
 * the booking is one of the signed-in person's requests (active or ended), else to Booked Services;
 * `?tab=requests` goes to Service To-Do; anything else to Booked Services. Links in e-mails and
 * notifications sent before the change keep working.
 */
export default function Route() {
  const { search, hash } = useLocation();
  const params = new URLSearchParams(search);
  const bookingId = params.get('booking');
  const { user } = useAuth();
  // Only a booking's link needs the person's requests: the lists Service To-Do shows (cached for it).
  const lists = useQueries({
    queries: (['active', 'ended'] as const).map((list) => ({
      ...bookingsQueryOptions('provider', user?.email ?? '', list),
      enabled: !!user && !!bookingId,
    })),
  });
  if (bookingId && lists.some((q) => q.isPending)) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-8">
        <BookingsLoading />
      </section>
    );
  }
  const provider = bookingId
    ? lists.some((q) => q.data?.some((b) => b._id === bookingId))
    : params.get('tab') === 'requests';
  params.delete('tab');
  const query = params.toString();
  return (
    <Navigate
      replace
      to={{ pathname: provider ? paths.serviceTodo : paths.bookedServices, search: query ? `?${query}` : '', hash }}
    />
  );
}
