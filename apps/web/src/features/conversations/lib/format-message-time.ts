import { currentLocale, madeOnFirstUse, type NumberLocale } from '@/lib/format';

const zone = { timeZone: 'Asia/Dhaka' } as const;
const formats = madeOnFirstUse((locale: NumberLocale) => {
  const [tag, month] = locale === 'bn-BD' ? (['bn-BD', 'long'] as const) : (['en-GB', 'short'] as const);
  return {
    day: new Intl.DateTimeFormat(tag, { ...zone, day: 'numeric', month }),
    dayYear: new Intl.DateTimeFormat(tag, { ...zone, day: 'numeric', month, year: 'numeric' }),
    time: new Intl.DateTimeFormat(tag, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
});

/** When a message was written, in Dhaka: 21 Nov, 14:05 (২১ নভেম্বর, ১৪:০৫); the year only when not this one's. */
export function formatMessageTime(iso: string, locale = currentLocale(), now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const f = formats(locale);
  const day = date.getUTCFullYear() === now.getUTCFullYear() ? f.day : f.dayYear;
  return `${day.format(date)}, ${f.time.format(date)}`;
}
