import type { Booking, BookingWindowName } from '@meramot/shared';
import { formatDate, formatDuration, madeOnFirstUse } from '@/lib/format';
import { getLanguage, localDigits, type Language, type TFunction } from '@/lib/i18n';

/** A window's name and hours: "Morning 09:00–12:00" (`t` of the namespace holding `windows.*`). */
export function windowLabel(t: TFunction, name: BookingWindowName, from: string, to: string): string {
  return `${t(`windows.${name}`)} ${localDigits(`${from}–${to}`)}`;
}

/** When the work happens: "22 Nov 2026, Morning 09:00–12:00", or only the day for a booking without a window. */
export function formatWhen(t: TFunction, booking: Pick<Booking, 'window' | 'serviceTakingDate'>): string {
  const { window } = booking;
  if (!window) return formatDate(booking.serviceTakingDate);
  return t('card.window', {
    date: formatDate(window.date),
    window: windowLabel(t, window.name, window.from, window.to),
  });
}

/** How long the job takes, when the provider said: "1 hour 30 minutes", "১ ঘণ্টা ৩০ মিনিট". */
export function formatJobMinutes(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(t('card.jobHours', { count: hours }));
  if (rest || !hours) parts.push(t('card.jobMinutes', { count: rest }));
  return parts.join(' ');
}

/** The estimated time shown on a booking, or null when the provider gave none. */
export function bookingEstimate(t: TFunction, booking: Pick<Booking, 'jobMinutes' | 'estimatedTime'>): string | null {
  if (booking.jobMinutes) return formatJobMinutes(t, booking.jobMinutes);
  const text = booking.estimatedTime.trim();
  return text ? formatDuration(text) : null;
}

const dayFormats = madeOnFirstUse(
  (language: Language) =>
    new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
);

/** A yyyy-mm-dd day with its weekday: "Wed 26 Nov", "বুধ, ২৬ নভে" (a proposal's day, where the weekday matters). */
export function formatDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dayFormats(getLanguage()).format(d);
}
