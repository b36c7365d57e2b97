import type { Notification } from '@meramot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from '@/components/link';
import { useDisclosure } from '@/components/layout/use-disclosure';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { notificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './notification-item';
import { LoadingLine } from '@/components/ui/loading-line';

/** How many of the newest notifications the bell's panel lists. */
export const BELL_SIZE = 8;
const ALL = { unread: false };

/**
 * The header's bell: the unread count as a badge (Bengali digits in Bangla) and in the button's
 * name, and a panel (a non-modal dialog) with the newest notifications, "Mark all as read" and "See
 * all notifications". The panel takes focus when it opens; Escape closes it and focus returns to
 * the bell. The list loads when the panel first opens (or is about to: pointer or focus on the bell).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const menu = useDisclosure();
  const unread = useUnreadCount();
  const list = useNotifications(ALL, { enabled: menu.open });
  const markRead = useMarkNotificationsRead();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (menu.open) panelRef.current?.focus();
  }, [menu.open]);

  const prefetch = () => void client.prefetchInfiniteQuery(notificationsQueryOptions(ALL));
  const items = list.data?.pages[0]?.items.slice(0, BELL_SIZE) ?? [];
  const open = (n: Notification) => {
    menu.close();
    if (!n.readAt) markRead.mutate([n.id]);
  };

  return (
    <div {...menu.rootProps} className="sm:relative">
      <button
        {...menu.buttonProps}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="btn relative btn-square btn-ghost btn-sm"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="badge absolute -top-1 -right-1 h-4 min-w-4 badge-error px-1 text-[0.65rem] leading-none font-bold"
          >
            {unread > 99 ? `${formatCount(99)}+` : formatCount(unread)}
          </span>
        )}
      </button>
      <div
        ref={panelRef}
        {...menu.panelProps}
        role="dialog"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="absolute inset-x-2 top-full z-50 mt-1 rounded-box border border-base-300 bg-base-100 shadow-xl outline-none sm:inset-x-auto sm:right-0 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-base-300 px-3 py-2">
          <h2 id={headingId} className="font-semibold">
            {t('bell.heading')}
          </h2>
          <button
            type="button"
            aria-disabled={unread === 0}
            onClick={() => unread > 0 && markRead.mutate(undefined)}
            className={`btn btn-ghost btn-xs ${unread === 0 ? 'opacity-60' : ''}`}
          >
            {t('bell.markAllRead')}
          </button>
        </div>
        <div className="max-h-[min(28rem,calc(100vh-9rem))] overflow-y-auto p-1">
          {list.isPending ? (
            <LoadingLine className="justify-center px-3 py-6 text-sm">{t('bell.loading')}</LoadingLine>
          ) : list.isError && items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-3 py-6 text-sm">
              <p>{t('bell.failed')}</p>
              <button type="button" className="btn btn-outline btn-xs" onClick={() => void list.refetch()}>
                {t('bell.retry')}
              </button>
            </div>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-base-content/80">{t('bell.empty')}</p>
          ) : (
            <ul aria-labelledby={headingId}>
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem notification={n} onOpen={open} compact />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-base-300 p-1">
          <Link to={paths.notifications} onClick={menu.close} className="btn w-full btn-ghost btn-sm">
            {t('bell.seeAll')}
          </Link>
        </div>
      </div>
    </div>
  );
}
