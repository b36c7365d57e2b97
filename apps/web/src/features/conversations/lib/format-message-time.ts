import { currentLocale, type NumberLocale } from '@/lib/format';

const zone = { timeZone: 'Asia/Dhaka' } as const;
const formats: Record<
  NumberLocale,
  { day: Intl.DateTimeFormat; dayYear: Intl.DateTimeFormat; time: Intl.DateTimeFormat }
> = {
  'en-IN': {
    day: new Intl.DateTimeFormat('en-GB', { ...zone, day: 'numeric', month: 'short' }),
    dayYear: new Intl.DateTimeFormat('en-GB', { ...zone, day: 'numeric', month: 'short', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  },
  'bn-BD': {
    day: new Intl.DateTimeFormat('bn-BD', { ...zone, day: 'numeric', month: 'long' }),
    dayYear: new Intl.DateTimeFormat('bn-BD', { ...zone, day: 'numeric', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat('bn-BD', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  },
};

/** When a message was written, in Dhaka: 21 Nov, 14:05 (২১ নভেম্বর, ১৪:০৫); the year only when not this one's. */
export function formatMessageTime(iso: string, locale = currentLocale(), now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const f = formats[locale];
  const day = date.getUTCFullYear() === now.getUTCFullYear() ? f.day : f.dayYear;
  return `${day.format(date)}, ${f.time.format(date)}`;
}
