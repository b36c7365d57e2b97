import { MessageCircle } from 'lucide-react';
import { useCallback } from 'react';
import { formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useUnreadConversations } from '../api/get-unread-conversations';

interface Props {
  bookingId: string;
  serviceName: string;
  onOpen(bookingId: string, serviceName: string): void;
}

/** A booking card's "Messages" button, with a badge of the unread messages ("Messages, 2 unread"). */
export function MessagesButton({ bookingId, serviceName, onOpen }: Props) {
  const { t } = useTranslation('conversations');
  const { data: unread = 0 } = useUnreadConversations(
    useCallback((map: Record<string, number>) => map[bookingId] ?? 0, [bookingId]),
  );
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      aria-haspopup="dialog"
      aria-label={unread > 0 ? t('button.unread', { count: unread }) : undefined}
      onClick={() => onOpen(bookingId, serviceName)}
    >
      <MessageCircle className="size-4" aria-hidden="true" />
      {t('button.label')}
      {unread > 0 && (
        <span className="badge badge-sm badge-primary" aria-hidden="true">
          {formatCount(unread)}
        </span>
      )}
    </button>
  );
}
