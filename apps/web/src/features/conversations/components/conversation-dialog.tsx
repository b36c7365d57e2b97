import { useInfiniteQuery } from '@tanstack/react-query';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import { conversationQueryOptions } from '../api/get-conversation';
import { ConversationPanel } from './conversation-panel';

/** Whose conversation is open: the booking, and its service's name when the page knows it. */
export interface ConversationTarget {
  bookingId: string;
  serviceName?: string;
}

/** The service's name (or "Messages") and, once the conversation answers, the other person's. */
function ConversationTitle({ bookingId, serviceName }: ConversationTarget) {
  const { t } = useTranslation('conversations');
  const { data: first } = useInfiniteQuery({
    ...conversationQueryOptions(bookingId),
    select: (data) => data.pages[0],
  });
  const otherName = first?.otherName;
  // A deep link to a booking that is not on the page's list learns its service from the answer.
  const title = serviceName ?? first?.serviceName;
  return (
    <>
      <span className="block break-words">{title ?? t('title')}</span>
      {otherName && (
        <>
          <span className="sr-only">,</span>{' '}
          <span className="block text-sm font-normal break-words text-base-content/80">
            {t('withName', { name: otherName })}
          </span>
        </>
      )}
    </>
  );
}

/**
 * A booking's conversation in a modal dialog (full width on a phone): focus starts in the message
 * box, stays inside, Escape closes, and focus returns to the Messages button.
 */
export function ConversationDialog({ target, onClose }: { target: ConversationTarget | null; onClose(): void }) {
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target && <ConversationTitle {...target} />}
      titleId="conversation-title"
      initialFocus="textarea"
      className="sm:max-w-2xl"
    >
      {target && <ConversationPanel key={target.bookingId} bookingId={target.bookingId} />}
    </Modal>
  );
}
