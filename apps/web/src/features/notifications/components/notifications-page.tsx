import type { Notification } from '@meramot/shared';
import { BellOff, CheckCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBanner } from '@/components/ui/error-banner';
import { errorKind } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './notification-item';
import { LoadingLine } from '@/components/ui/loading-line';

/**
 * The /notifications page: All or Unread (`?show=unread`, so a reload keeps it), newest first, 20 at a
 * time with "Load more" (the server's cursor), "Mark all as read", and each notification a link to
 * its booking that marks it read.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('show') === 'unread';
  const list = useNotifications({ unread: unreadOnly });
  const unread = useUnreadCount();
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const choose = (onlyUnread: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (onlyUnread) next.set('show', 'unread');
        else next.delete('show');
        return next;
      },
      { replace: true },
    );
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
  };

  let body;
  if (list.isPending) {
    body = (
      <LoadingLine className="justify-center py-12" size="md">
        {t('page.loading')}
      </LoadingLine>
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <ErrorBanner
        title={t('page.error.title')}
        message={
          errorKind(list.error) === 'network'
            ? t('page.error.network')
            : t('page.error.other', { message: list.error.message })
        }
        retryLabel={t('page.error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    const empty = unreadOnly ? 'page.emptyUnread' : 'page.emptyAll';
    body = (
      <EmptyState
        icon={unreadOnly ? <CheckCheck /> : <BellOff />}
        title={t(`${empty}.title`)}
        text={t(`${empty}.text`)}
      />
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={open} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className="btn btn-outline"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
              {list.isFetchingNextPage ? t('page.loadingMore') : t('page.loadMore')}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-base-content/80">{t('page.intro')}</p>
      <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('page.filterLabel')} className="join">
          <button
            type="button"
            aria-pressed={!unreadOnly}
            onClick={() => choose(false)}
            className={`btn join-item btn-sm ${unreadOnly ? 'btn-outline' : 'btn-primary'}`}
          >
            {t('page.all')}
          </button>
          <button
            type="button"
            aria-pressed={unreadOnly}
            onClick={() => choose(true)}
            className={`btn join-item btn-sm ${unreadOnly ? 'btn-primary' : 'btn-outline'}`}
          >
            {t('page.unread')}
          </button>
        </div>
        <div className="flex items-center gap-3">
          {unread > 0 && (
            <span className="text-sm text-base-content/80">{t('page.unreadCount', { count: unread })}</span>
          )}
          <button
            type="button"
            className={`btn btn-ghost btn-sm ${unread === 0 ? 'opacity-60' : ''}`}
            aria-disabled={unread === 0}
            onClick={() => unread > 0 && markRead.mutate(undefined)}
          >
            <CheckCheck className="size-4" aria-hidden="true" />
            {t('page.markAllRead')}
          </button>
        </div>
      </div>
      {markRead.isError && (
        <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-300">
          {t('page.markFailed')}
        </p>
      )}
      {body}
    </div>
  );
}
