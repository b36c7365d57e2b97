import type { Notification } from '@meramot/shared';
import { Link } from '@/components/link';
import { formatDate, formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { describeNotification, formatWhen } from '../describe-notification';

interface Props {
  notification: Notification;
  /** Called when the person follows the link (before the app navigates): mark it read, close a panel. */
  onOpen(notification: Notification): void;
  /** The bell's list: smaller text, the detail on one line. */
  compact?: boolean;
}

/** The notification's link when it is a path of this app (as the server makes them), else Home. */
const inApp = (link: string) => (/^\/(?![/\\])/.test(link) ? link : '/');

/**
 * One notification as a link to its booking: the sentence, a message's or review's words, and when.
 * An unread one has a dot and a tinted background, and says "Unread:" to screen readers.
 */
export function NotificationItem({ notification: n, onOpen, compact = false }: Props) {
  const { t, language } = useTranslation('notifications');
  const { text, detail } = describeNotification(n, t);
  const unread = !n.readAt;
  const created = new Date(n.createdAt);
  return (
    <Link
      to={inApp(n.link)}
      onClick={() => onOpen(n)}
      className={`flex gap-3 rounded-box px-3 py-2.5 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary ${
        unread ? 'bg-primary/5' : ''
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`}
        data-testid={unread ? 'unread-dot' : undefined}
      />
      <span className="min-w-0 flex-1">
        <span className={`block break-words ${compact ? 'text-sm' : ''} ${unread ? 'font-semibold' : ''}`}>
          {unread && <span className="sr-only">{t('item.unread')}</span>} {text}
        </span>{' '}
        {detail && (
          <>
            <span className={`block text-sm text-base-content/80 ${compact ? 'truncate' : 'break-words'}`}>
              {detail}
            </span>{' '}
          </>
        )}
        <time
          dateTime={n.createdAt}
          title={Number.isNaN(created.getTime()) ? undefined : `${formatDate(n.createdAt)} ${formatTime(created)}`}
          className="mt-0.5 block text-xs text-base-content/70"
        >
          {formatWhen(n.createdAt, t, language)}
        </time>
      </span>
    </Link>
  );
}
