import { NOTIFICATION_KINDS, type Notification } from '@meramot/shared';
import { formatDate, madeOnFirstUse } from '@/lib/format';
import type { Language, TFunction } from '@/lib/i18n';

export interface NotificationText {
  /** What happened, in one sentence ("Ayesha booked AC Servicing for 5 Mar 2026"). */
  text: string;
  /** A message's first words or a review's title, shown under it; null without one. */
  detail: string | null;
}

/** The sentence of a notification in the language of `t` (a kind this app does not know yet gets a general one). */
export function describeNotification(n: Notification, t: TFunction): NotificationText {
  const values = { actor: n.actorName, service: n.serviceName };
  const detail = n.excerpt?.trim() || null;
  switch (n.kind) {
    case 'booking_requested':
      return {
        text: n.serviceTakingDate
          ? t('kinds.booking_requested', { ...values, date: formatDate(n.serviceTakingDate) })
          : t('kinds.booking_requestedNoDate', values),
        detail: null,
      };
    case 'review_received':
      return {
        text:
          n.rating === null
            ? t('kinds.review_receivedNoRating', values)
            : t('kinds.review_received', { ...values, rating: n.rating }),
        detail,
      };
    case 'message_received':
      return { text: t('kinds.message_received', values), detail };
    case 'booking_declined':
      return { text: t('kinds.booking_declined', values), detail };
    default:
      return {
        text: (NOTIFICATION_KINDS as readonly string[]).includes(n.kind)
          ? t(`kinds.${n.kind}`, values)
          : t('kinds.other', values),
        detail: null,
      };
  }
}

/** The whole notification as one sentence (a screen reader's announcement). */
export function notificationSentence(n: Notification, t: TFunction): string {
  const { text, detail } = describeNotification(n, t);
  return detail ? t('item.withDetail', { text, detail }) : text;
}

const relativeFormats = madeOnFirstUse(
  (language: Language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
);
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * When it happened: "just now", "5 minutes ago", "3 hours ago", "yesterday" up to a week back,
 * then the day in Dhaka (5 Mar 2026; ৫ মার্চ, ২০২৬ in Bangla).
 */
export function formatWhen(iso: string, t: TFunction, language: Language, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 60) return t('time.justNow');
  if (seconds >= 7 * 24 * 60 * 60) return formatDate(iso, language === 'bn' ? 'bn-BD' : 'en-IN');
  let unit = UNITS[0]!;
  for (const candidate of UNITS) if (seconds >= candidate[1]) unit = candidate;
  return relativeFormats(language).format(-Math.floor(seconds / unit[1]), unit[0]);
}
