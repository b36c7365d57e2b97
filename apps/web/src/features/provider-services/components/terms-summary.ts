import type { ServiceBookingTerms } from '@meramot/shared';
import { madeOnFirstUse } from '@/lib/format';
import { getLanguage, localDigits, type Language, type TFunction } from '@/lib/i18n';
import { WEEK_ORDER } from './booking-terms-fields';

const shortDays = madeOnFirstUse(
  (language: Language) =>
    new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', { weekday: 'short', timeZone: 'UTC' }),
);
/** "Sat", "শনি": 2026-11-22 was a Sunday (day 0). */
const dayName = (day: number) => shortDays(getLanguage()).format(new Date(Date.UTC(2026, 10, 22 + day)));

/**
 * The weekly hours in a few words, the week Saturday first: consecutive days with the same hours
 * are one run ("Sat–Thu 09:00–21:00, Fri 15:00–21:00"); the default hours say so.
 */
export function hoursSummary(t: TFunction, terms: ServiceBookingTerms): string {
  if (terms.defaultHours) return t('terms.defaultHours');
  interface Run {
    first: number;
    last: number;
    hours: string;
  }
  const runs: Run[] = [];
  let open = false; // whether the day before was worked (its run may go on)
  for (const day of WEEK_ORDER) {
    const set = terms.weeklyHours.find((d) => d.day === day);
    const hours = set ? `${set.from}–${set.to}` : null;
    const last = runs[runs.length - 1];
    if (hours && open && last?.hours === hours) last.last = day;
    else if (hours) runs.push({ first: day, last: day, hours });
    open = hours !== null;
  }
  if (!runs.length) return t('terms.noHours');
  return runs
    .map(({ first, last, hours }) =>
      localDigits(`${dayName(first)}${first === last ? '' : `–${dayName(last)}`} ${hours}`),
    )
    .join(', ');
}

/** How long the job takes: "1 hour 30 minutes", "১ ঘণ্টা ৩০ মিনিট". */
export function durationText(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours) parts.push(t('terms.jobHours', { count: hours }));
  if (rest || !hours) parts.push(t('terms.jobMinutes', { count: rest }));
  return parts.join(' ');
}
