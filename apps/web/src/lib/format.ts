import { CURRENCY_SYMBOL } from '@meramot/shared';
import { getLanguage, getResource } from './i18n';

/**
 * Numbers are grouped the Bangladeshi way (lakh and crore: 1,00,000 and ৳1,23,450). The locale
 * follows the language in use unless given: 'en-IN' gives that grouping with Latin digits
 * (English), 'bn-BD' the same grouping in Bengali digits (৳১,২৩,৪৫০). Dates and times are in
 * Asia/Dhaka, with Bangla month names in Bangla.
 */
export type NumberLocale = 'en-IN' | 'bn-BD';
export const DEFAULT_NUMBER_LOCALE: NumberLocale = 'en-IN';

/** The number locale of the language in use. */
export function currentLocale(): NumberLocale {
  return getLanguage() === 'bn' ? 'bn-BD' : 'en-IN';
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: NumberLocale, minimumFractionDigits: number, maximumFractionDigits: number) {
  const key = `${locale}/${minimumFractionDigits}/${maximumFractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
    formatters.set(key, format);
  }
  return format;
}

/** A count: 1,25,000. */
export function formatCount(n: number, locale = currentLocale()): string {
  return numberFormat(locale, 0, 0).format(n);
}

/** Averages and percentages, to one decimal (spec section 9): 4.5. */
export function formatOneDecimal(n: number, locale = currentLocale()): string {
  return numberFormat(locale, 1, 1).format(n);
}

/** A price in taka: ৳1,25,000 (up to two decimals). */
export function formatTaka(amount: number, locale = currentLocale()): string {
  return `${CURRENCY_SYMBOL}${numberFormat(locale, 0, 2).format(amount)}`;
}

/** Cuts text to `max` characters plus an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const dateFormats = {
  'en-IN': new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Dhaka',
  }),
  'bn-BD': new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' }),
};
const timeFormats = {
  'en-IN': new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'Asia/Dhaka',
  }),
  'bn-BD': new Intl.DateTimeFormat('bn-BD', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Dhaka',
  }),
};

/** A day: 5 Mar 2026, or ৫ মার্চ, ২০২৬ in Bangla (a bare YYYY-MM-DD is a day in Dhaka). */
export function formatDate(iso: string, locale = currentLocale()): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00+06:00`) : new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormats[locale].format(d);
}

/** A time of day in Dhaka: 14:05:09, or ১৪:০৫:০৯ in Bangla. */
export function formatTime(date: Date, locale = currentLocale()): string {
  return timeFormats[locale].format(date);
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
  return text.replace(
    /(\d+)\s*(days|h|min)\b/g,
    (_, n: string, unit: string) => `${toBengaliDigits(n)} ${units[unit]}`,
  );
}

function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
}
