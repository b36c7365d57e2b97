import { bengaliDigits, CURRENCY_SYMBOL, TIME_ZONE, type Language } from '@meramot/shared';

/**
 * Formatting for e-mails and SMS, the way the web app shows the same facts (apps/web/src/lib/format.ts):
 * lakh grouping (৳1,23,450; ৳১,২৩,৪৫০ in Bangla), dates in Asia/Dhaka with Bangla month names in
 * Bangla. bengaliDigits runs after Intl too, so a Node built without full ICU still writes Bangla digits.
 */

/** Control characters, line breaks and runs of spaces as one space: for subjects, SMS and one-line facts. */
export function singleLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Cuts text to at most `max` characters, the ellipsis included, at a code point boundary. */
export function truncate(text: string, max: number, ellipsis: string): string {
  if (text.length <= max) return text;
  let out = '';
  for (const c of Array.from(text)) {
    if (out.length + c.length + ellipsis.length > max) break;
    out += c;
  }
  return `${out.trimEnd()}${ellipsis}`;
}

/** Only our own absolute http(s) links go into an href; anything else becomes a harmless '#'. */
export function safeUrl(url: string): string {
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : '#';
}

const numberLocale = (language: Language) => (language === 'bn' ? 'bn-BD' : 'en-IN');
const digits = (text: string, language: Language) => (language === 'bn' ? bengaliDigits(text) : text);

const takaFormats = {
  en: new Intl.NumberFormat(numberLocale('en'), { maximumFractionDigits: 2 }),
  bn: new Intl.NumberFormat(numberLocale('bn'), { maximumFractionDigits: 2 }),
};

/** A price in taka with lakh grouping: ৳1,23,450 or ৳১,২৩,৪৫০. */
export function formatTaka(amount: number, language: Language): string {
  return `${CURRENCY_SYMBOL}${digits(takaFormats[language].format(amount), language)}`;
}

/** A whole number in the language's digits. */
export function formatNumber(n: number, language: Language): string {
  return digits(String(n), language);
}

const dateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }),
  bn: new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
};
const shortDateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: TIME_ZONE }),
  bn: new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', timeZone: TIME_ZONE }),
};

/** A booking's day (YYYY-MM-DD, a day in Dhaka): 5 Mar 2026 / ৫ মার্চ, ২০২৬; short: 5 Mar / ৫ মার্চ (for SMS). */
export function formatDay(isoDate: string, language: Language, short = false): string {
  const d = new Date(`${isoDate}T12:00:00+06:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(d.getTime())) return digits(isoDate, language);
  return digits((short ? shortDateFormats : dateFormats)[language].format(d), language);
}
