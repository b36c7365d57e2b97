import { Ban, CalendarPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import type { Service } from '@meramot/shared';
import { paths } from '../../../config/paths';
import { confirmDialog, toast } from '../../../lib/alerts';
import { useAuth } from '../../auth/auth-context';
import { isOwnService } from '../is-own-service';
import { BookingModal } from './booking-modal';

/** After a booking, the success dialog shows this long, then the customer's bookings open. */
export const BOOKING_REDIRECT_MS = 3000;

/** Book Now and its modal; on one's own service a disabled 'You cannot book your own service'. */
export function BookServiceAction({ service }: { service: Service }) {
  const { t } = useTranslation('booking');
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
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

  const bookNow = async () => {
    if (user) return setOpen(true);
    const login = await confirmDialog({
      title: t('dialogs.loginRequiredTitle'),
      text: t('dialogs.loginRequiredText'),
      confirm: t('dialogs.login'),
      cancel: t('dialogs.cancel'),
    });
    if (login) void navigate(paths.login, { state: { from: location } });
  };

  return (
    <>
      <button type="button" className="btn btn-primary btn-block" onClick={() => void bookNow()}>
        <CalendarPlus className="size-4" aria-hidden="true" />
        {t('bookNow')}
      </button>
      {user && (
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
      )}
    </>
  );
}
