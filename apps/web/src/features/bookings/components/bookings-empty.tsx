import { CalendarX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import type { BookingTab } from '../booking-status';

/** The empty state of one tab, with a way to the services. */
export function BookingsEmpty({ tab }: { tab: BookingTab }) {
  const { t } = useTranslation('bookings');
  const localize = useLocalize();
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
      <CalendarX className="size-12 text-base-content/60" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{t(`empty.${tab}.title`)}</h2>
      <p className="max-w-md text-base-content/80">{t(`empty.${tab}.text`)}</p>
      <Link to={localize(paths.services)} className="btn mt-2 btn-primary">
        {t('empty.browse')}
      </Link>
    </div>
  );
}
