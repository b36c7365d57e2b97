import type { Message } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { formatMessageTime } from '../lib/format-message-time';

interface Props {
  message: Message;
  /** Show "Seen" under it: the caller's newest message, read by the other party. */
  seen: boolean;
}

/**
 * One message: the caller's on the right in the primary colour, the other party's on the left;
 * author and time above (read first by a screen reader); the body as plain text (line breaks
 * kept, long words broken, links never made into HTML); its photos as thumbnails that open larger.
 */
export function MessageItem({ message, seen }: Props) {
  const { t } = useTranslation('conversations');
  return (
    <li className={`flex flex-col gap-0.5 ${message.mine ? 'items-end' : 'items-start'}`}>
      <p className="flex flex-wrap gap-x-2 px-1 text-xs text-base-content/80">
        <span className="font-semibold">{message.mine ? t('you') : message.authorName}</span>
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </p>
      {message.body && (
        <p
          className={`max-w-[85%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap [overflow-wrap:anywhere] ${
            message.mine
              ? 'rounded-br-sm bg-primary text-primary-content'
              : 'rounded-bl-sm bg-base-200 text-base-content'
          }`}
        >
          {message.body}
        </p>
      )}
      {(message.photos?.length ?? 0) > 0 && (
        <div className={`flex max-w-[85%] ${message.mine ? 'justify-end' : 'justify-start'}`}>
          <PhotoThumbnails photos={message.photos} label={t('message.photos')} alt={t('message.photoAlt')} size="sm" />
        </div>
      )}
      {seen && <p className="px-1 text-xs text-base-content/80">{t('seen')}</p>}
    </li>
  );
}
