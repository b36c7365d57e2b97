import type { Message } from '@meramot/shared';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { MessageItem } from './message-item';

interface Props {
  /** Oldest first. */
  messages: Message[];
  otherName: string;
  /** The first message that was unread when the conversation opened: "New messages" goes before it. */
  firstUnreadId: string | null;
  /** The caller's message to show "Seen" under. */
  seenId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

/** Near enough to the bottom to follow new messages. */
const FOLLOW_PX = 80;

/**
 * The messages as a log (a polite live region): oldest at the top, the newest in view on opening
 * and as they come (unless the reader scrolled up to older ones: then only their own), older pages
 * loaded above without moving what is on screen.
 */
export function MessageList({
  messages,
  otherName,
  firstUnreadId,
  seenId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: Props) {
  const { t } = useTranslation('conversations');
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<{ oldest?: string; newest?: string; fromBottom: number }>({ fromBottom: 0 });
  const oldest = messages[0]?.id;
  const newestMessage = messages.at(-1);
  const newest = newestMessage?.id;
  const newestMine = newestMessage?.mine ?? false;

  useLayoutEffect(() => {
    const log = ref.current;
    if (!log) return;
    const before = last.current;
    if (newest !== before.newest) {
      if (before.newest === undefined || newestMine || before.fromBottom < FOLLOW_PX) log.scrollTop = log.scrollHeight;
    } else if (oldest !== before.oldest) {
      log.scrollTop = log.scrollHeight - log.clientHeight - before.fromBottom;
    }
    last.current = { oldest, newest, fromBottom: log.scrollHeight - log.scrollTop - log.clientHeight };
  }, [oldest, newest, newestMine]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={t('log')}
      // Scrollable: reachable by keyboard to scroll with the arrow keys.
      tabIndex={0}
      className="mt-3 h-[min(50vh,32rem)] overflow-y-auto rounded-box border border-base-300 p-2 focus-visible:outline-2 focus-visible:outline-primary sm:p-3"
      onScroll={(e) => {
        const log = e.currentTarget;
        last.current.fromBottom = log.scrollHeight - log.scrollTop - log.clientHeight;
      }}
    >
      {hasOlder && (
        <div className="flex justify-center pb-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {loadingOlder ? t('loadingOlder') : t('loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="p-4 text-center text-sm text-base-content/80">{t('empty', { name: otherName })}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((message) => (
            <Fragment key={message.id}>
              {message.id === firstUnreadId && (
                <li className="divider divider-primary my-1 text-xs font-semibold">{t('newMessages')}</li>
              )}
              <MessageItem message={message} seen={message.id === seenId} />
            </Fragment>
          ))}
        </ol>
      )}
    </div>
  );
}
