import { Ban, CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/link';
import type { Service } from '@meramot/shared';
import { paths } from '@/config/paths';
import { toast } from '@/lib/alerts';
import { useAuth } from '@/lib/auth/auth-context';
import { isOwnService } from '../is-own-service';

// The booking form (its checks, zod, the date and photo fields) is a chunk of its own: a visitor
// reading a service page never runs it. It starts loading when a signed-in customer points at or
// focuses Book Now, and the modal opens as soon as it is there.
const loadBookingModal = () => import('./booking-modal');
const BookingModal = lazy(() => loadBookingModal().then((m) => ({ default: m.BookingModal })));

/** After a booking, the success dialog shows this long, then the customer's bookings open. */
export const BOOKING_REDIRECT_MS = 3000;

/**
 * Book Now and its modal; on one's own service a disabled 'You cannot book your own service'.
 * The service page is public: for a visitor, Book Now is a link to Login, which brings them back
 * to this page once signed in (or registered), as a protected route's redirect does.
 */
export function BookServiceAction({ service }: { service: Service }) {
  const { t } = useTranslation('booking');
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The modal is mounted from its first opening on (then it stays, so closing it is immediate).
  const [wanted, setWanted] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  if (isOwnService(user, service)) {
    return (
      <div className="flex flex-col gap-2">
        <button type="button" className="btn btn-block h-auto min-h-10 py-2" disabled>
          <Ban className="size-4" aria-hidden="true" />
          {t('ownService')}
        </button>
        <p className="text-sm text-base-content/80">{t('ownServiceHint')}</p>
      </div>
    );
  }

  if (!user) {
    return (
      <div className="flex flex-col gap-2">
        {/* The way back is in the address too: the link works before the app has taken over. */}
        <Link
          to={`${paths.login}?from=${encodeURIComponent(location.pathname + location.search)}`}
          state={{ from: location }}
          className="btn btn-primary btn-block"
        >
          <CalendarPlus className="size-4" aria-hidden="true" />
          {t('bookNow')}
        </Link>
        <p className="text-sm text-base-content/80">{t('signInToBook')}</p>
      </div>
    );
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onPointerEnter={() => void loadBookingModal()}
        onFocus={() => void loadBookingModal()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <CalendarPlus className="size-4" aria-hidden="true" />
        {t('bookNow')}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <BookingModal
            service={service}
            user={user}
            open={open}
            onClose={() => setOpen(false)}
            onBooked={() => {
              setOpen(false);
              void toast(t('dialogs.successTitle'), t('dialogs.successText'), BOOKING_REDIRECT_MS);
              redirect.current = setTimeout(() => void navigate(paths.bookedServices), BOOKING_REDIRECT_MS);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
