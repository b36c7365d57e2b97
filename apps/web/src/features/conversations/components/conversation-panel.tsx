import type { Message } from '@meramot/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useConversation } from '../api/get-conversation';
import { useSendMessage } from '../api/send-message';
import { isNewer } from '../lib/message-ids';
import { useConversationLive, useMarkReadWhileOpen } from '../lib/use-conversation-live';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** The first of the `unread` newest messages of the other party (the oldest loaded when more are unread). */
function firstUnreadOf(messages: Message[], unread: number): string | null {
  if (unread <= 0) return null;
  const theirs = messages.filter((m) => !m.mine);
  return (theirs[theirs.length - unread] ?? theirs[0])?.id ?? null;
}

/**
 * A booking's conversation: the messages (paged, newest first from the server, shown oldest at the
 * top), live while open, read as they are seen, and the composer.
 */
export function ConversationPanel({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('conversations');
  const query = useConversation(bookingId);
  const send = useSendMessage(bookingId);
  const panel = useRef<HTMLDivElement>(null);
  useConversationLive(bookingId);

  const pages = query.data?.pages;
  const first = pages?.[0];
  const messages = useMemo(() => {
    const byId = new Map<string, Message>();
    for (const page of pages ?? []) for (const m of page.items) if (!byId.has(m.id)) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => (isNewer(a.id, b.id) ? 1 : -1));
  }, [pages]);

  const newestTheirs = first ? (messages.findLast((m) => !m.mine)?.id ?? null) : undefined;
  useMarkReadWhileOpen(bookingId, newestTheirs);

  // Where "New messages" goes is decided once, at opening: reading them does not move it.
  const [firstUnread, setFirstUnread] = useState<string | null | undefined>(undefined);
  if (firstUnread === undefined && first) setFirstUnread(firstUnreadOf(messages, first.unread));

  const myNewest = messages.findLast((m) => m.mine);
  const seenUpTo = first?.seenUpTo;
  const seenId = myNewest && (myNewest.seen || (seenUpTo && !isNewer(myNewest.id, seenUpTo))) ? myNewest.id : null;
  const readOnly = first?.readOnly ?? false;

  // A closed conversation disables the box that had focus at opening: the messages take it.
  useEffect(() => {
    const active = document.activeElement;
    if (
      readOnly &&
      (!active || active === document.body || (active instanceof HTMLTextAreaElement && active.disabled))
    ) {
      panel.current?.querySelector<HTMLElement>('[role="log"]')?.focus();
    }
  }, [readOnly]);

  return (
    <div ref={panel}>
      {query.isPending ? (
        <div role="status" className="mt-3 flex h-[min(50vh,32rem)] flex-col items-center justify-center gap-3">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <p>{t('loading')}</p>
        </div>
      ) : query.isError && !first ? (
        <div
          role="alert"
          className="alert alert-error mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center"
        >
          <p className="flex-1">
            {t('loadFailed')} {query.error.message}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <MessageList
          messages={messages}
          otherName={first?.otherName ?? ''}
          firstUnreadId={firstUnread ?? null}
          seenId={seenId}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
        />
      )}
      <MessageComposer
        readOnly={readOnly}
        sending={send.isPending}
        send={(body, photoIds) => send.mutateAsync({ body, photoIds })}
      />
    </div>
  );
}
