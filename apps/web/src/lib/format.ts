import { CURRENCY_SYMBOL } from '@meramot/shared';
import { getLanguage, getResource } from './i18n';
import { bengaliDigits } from '@meramot/shared/digits';
import { formatDecimal } from './numbers';

/**
 * Numbers are grouped the Bangladeshi way (lakh and crore: 1,00,000 and ৳1,23,450). The locale
 * follows the language in use unless given: 'en-IN' gives that grouping with Latin digits
 * (English), 'bn-BD' the same grouping in Bengali digits (৳১,২৩,৪৫০). Dates and times are in
 * Asia/Dhaka, with Bangla month names in Bangla.
 */
export type NumberLocale = 'en-IN' | 'bn-BD';
export const DEFAULT_NUMBER_LOCALE: NumberLocale = 'en-IN';

/**
 * A value per key (Intl's formats per language), made on its first use: a screen's chunk then
 * starts the browser's ICU only when it formats, and only for the language shown, not as it loads.
 */
export function madeOnFirstUse<K extends string, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

/** The number locale of the language in use. */
export function currentLocale(): NumberLocale {
  return getLanguage() === 'bn' ? 'bn-BD' : 'en-IN';
}

/** A count: 1,25,000. */
export function formatCount(n: number, locale = currentLocale()): string {
  return formatDecimal(n, 0, 0, locale === 'bn-BD');
}

/** Averages and percentages, to one decimal (spec section 9): 4.5. */
export function formatOneDecimal(n: number, locale = currentLocale()): string {
  return formatDecimal(n, 1, 1, locale === 'bn-BD');
}

/** A price in taka: ৳1,25,000 (up to two decimals). */
export function formatTaka(amount: number, locale = currentLocale()): string {
  return `${CURRENCY_SYMBOL}${formatDecimal(amount, 0, 2, locale === 'bn-BD')}`;
}

/** Cuts text to `max` characters plus an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/*
 * Dates and times in Dhaka without Intl (why: lib/numbers.ts). From 2010 on Dhaka is UTC+6 all
 * year (its one summer time ended on 31 December 2009), so a day and a time there are the UTC ones
 * of the moment six hours later. Month names are ICU's, as Intl.DateTimeFormat('en-GB', { month:
 * 'short' }) and ('bn-BD', { month: 'long' }) write them (format.test.ts checks every month).
 * Earlier moments, and years past 9999, go to Intl.
 */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DHAKA_FIXED_SINCE = Date.UTC(2009, 11, 31, 18);
const DHAKA_FIXED_UNTIL = Date.UTC(9999, 11, 31, 18);
const MONTHS = {
  'en-IN': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  'bn-BD': [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
};

/** The moment in Dhaka as a UTC date to read with getUTC*; null when Intl must write it. */
function inDhaka(d: Date): Date | null {
  const time = d.getTime();
  return time >= DHAKA_FIXED_SINCE && time < DHAKA_FIXED_UNTIL ? new Date(time + DHAKA_OFFSET_MS) : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * Intl's formats, made on first use: for the moments inDhaka leaves out (and, in format.test.ts,
 * the text formatDate and formatTime must write for every moment).
 */
export const intlFormat = madeOnFirstUse((locale: NumberLocale) => {
  const zone = { timeZone: 'Asia/Dhaka' } as const;
  if (locale === 'en-IN') {
    return {
      date: new Intl.DateTimeFormat('en-GB', { ...zone, day: 'numeric', month: 'short', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    };
  }
  return {
    date: new Intl.DateTimeFormat('bn-BD', { ...zone, day: 'numeric', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat('bn-BD', {
      ...zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
  };
});

/** A day: 5 Mar 2026, or ৫ মার্চ, ২০২৬ in Bangla (a bare YYYY-MM-DD is a day in Dhaka). */
export function formatDate(iso: string, locale = currentLocale()): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00+06:00`) : new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const dhaka = inDhaka(d);
  if (!dhaka) return intlFormat(locale).date.format(d);
  const [day, month, year] = [dhaka.getUTCDate(), MONTHS[locale][dhaka.getUTCMonth()], dhaka.getUTCFullYear()];
  return locale === 'bn-BD' ? bengaliDigits(`${day} ${month}, ${year}`) : `${day} ${month} ${year}`;
}

/** A time of day in Dhaka: 14:05:09, or ১৪:০৫:০৯ in Bangla. */
export function formatTime(date: Date, locale = currentLocale()): string {
  const dhaka = inDhaka(date);
  if (!dhaka) return intlFormat(locale).time.format(date);
  const text = [dhaka.getUTCHours(), dhaka.getUTCMinutes(), dhaka.getUTCSeconds()].map(twoDigits).join(':');
  return locale === 'bn-BD' ? bengaliDigits(text) : text;
}

/** Bengali digits (০-৯) typed into a number or phone field, as Latin digits. */
export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
}

/** The name shown for a person: display name, else the part of the e-mail before @, else "User". */
export function displayNameOf(user: { displayName?: string | null; email?: string | null } | null): string {
  return user?.displayName?.trim() || user?.email?.split('@')[0] || 'User';
}

/** A division's name in the language in use (the stored English name when it is not one of the eight). */
export function formatArea(area: string): string {
  const name = getResource('common', `areas.${area}`);
  return typeof name === 'string' ? name : area;
}

/** The server's duration text ("45min", "3h 10min", "2 days 4h") in the language in use (৩ ঘণ্টা ১০ মিনিট). */
export function formatDuration(text: string, locale = currentLocale()): string {
  if (locale !== 'bn-BD') return text;
  const units: Record<string, string> = { days: 'দিন', h: 'ঘণ্টা', min: 'মিনিট' };
  return text.replace(/(\d+)\s*(days|h|min)\b/g, (_, n: string, unit: string) => `${bengaliDigits(n)} ${units[unit]}`);
}
