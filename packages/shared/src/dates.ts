import { TIME_ZONE } from './constants';

/** Made on first use: a browser's screens that load this module start ICU only when they need a day. */
let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar date (yyyy-mm-dd) in Asia/Dhaka at the given instant. */
export function dhakaDate(at: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(at);
}

/** Adds whole days to a yyyy-mm-dd date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** True when the string is a real calendar date in yyyy-mm-dd form. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
