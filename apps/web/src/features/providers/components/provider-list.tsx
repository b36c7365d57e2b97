import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ChevronDown, MessageSquare, SearchX } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingLine } from '@/components/ui/loading-line';
import { useTranslation } from '@/lib/i18n';
import type { ListPage } from '../api/get-provider-lists';

interface Props<T> {
  /** Which list: its texts are `providerPage.{kind}.*`. */
  kind: 'services' | 'reviews';
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  itemKey(item: T): string;
  /** One item, from the feature that draws it (a service card, a review card). */
  /** An item; `index` is its place in the list (the first ones are above the fold). */
  renderItem(item: T, index: number): ReactNode;
  listClassName: string;
}

/**
 * One of a provider's lists under its h2, page by page: "Show more" adds the next page below and
 * moves focus to the first item it added (so a keyboard or screen reader user goes on reading
 * there), and a status says how many of how many are shown.
 */
export function ProviderList<T>({ kind, query, itemKey, renderItem, listClassName }: Props<T>) {
  const { t } = useTranslation('services');
  const list = useRef<HTMLUListElement>(null);
  // The index of the first item the pending "Show more" adds, to focus once it is there.
  const focusFrom = useRef<number | null>(null);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? null;
  const text = (key: string, options?: Record<string, number>) => t(`providerPage.${kind}.${key}`, options);

  // A layout effect: the commit that adds the items may also remove the button that had the focus,
  // and the focus must move before the browser paints (never a frame on <body>, which a screen
  // reader announces as a jump to the top of the page).
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    const added = list.current?.children[from];
    if (added instanceof HTMLElement) added.focus();
  }, [items.length]);

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingLine>{text('loading')}</LoadingLine>;
  } else if (query.isError && items.length === 0) {
    body = (
      <div className="flex flex-wrap items-center gap-3 py-4 text-base-content/80">
        <p>{text('loadFailed')}</p>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        icon={kind === 'reviews' ? <MessageSquare /> : <SearchX />}
        title={text('emptyTitle')}
        text={text('emptyText')}
      />
    );
  } else {
    body = (
      <>
        <ul ref={list} className={listClassName}>
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              tabIndex={-1}
              className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-2">
          <p role="status" className="text-sm text-base-content/80">
            {text('shown', { shown: items.length, count: total ?? items.length })}
          </p>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-error">
              {text('moreFailed')}
            </p>
          )}
          {query.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline"
              // Not disabled while loading: a disabled button would drop the keyboard focus.
              aria-disabled={query.isFetchingNextPage}
              onClick={() => {
                if (query.isFetchingNextPage) return;
                focusFrom.current = items.length;
                void query.fetchNextPage();
              }}
            >
              {query.isFetchingNextPage ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : (
                <ChevronDown className="size-4" aria-hidden="true" />
              )}
              {query.isFetchingNextPage ? text('loadingMore') : text('more')}
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={`provider-${kind}-heading`} className="flex flex-col gap-4">
      <h2 id={`provider-${kind}-heading`} className="text-2xl font-bold">
        {text('title')}
      </h2>
      {body}
    </section>
  );
}
