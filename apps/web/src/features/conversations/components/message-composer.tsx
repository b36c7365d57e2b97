import { CONVERSATION_OPEN_DAYS, MESSAGE_MAX, PHOTOS_PER_BOOKING, type Photo } from '@meramot/shared';
import { Send } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, errorKind } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { PhotoPicker } from '@/components/photos/photo-picker';

interface Props {
  /** No more messages may be written: the composer is disabled with a notice. */
  readOnly: boolean;
  /** Sends the text (trimmed) and the photos attached (their ids); rejects with the API's error. */
  send(body: string, photoIds: string[]): Promise<unknown>;
  sending: boolean;
}

/** The server's sentence when it says what is wrong with this message; ours for an outage. */
function sendError(error: unknown, t: TFunction): string {
  const kind = errorKind(error);
  if (kind === 'network') return t('errors.network');
  if (error instanceof ApiError && ['validation', 'rate-limit', 'conflict', 'forbidden', 'not-found'].includes(kind)) {
    return error.message;
  }
  return t('errors.failed');
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing a word does neither); a counter of the characters left; up to four photos attached
 * to the text (issue 23); on an error the text and photos stay and the reason shows in an alert.
 */
export function MessageComposer({ readOnly, send, sending }: Props) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    if (readOnly || sending) return;
    const body = text.trim();
    if (uploading) {
      setError(t('errors.photosUploading'));
      return;
    }
    // A message is its text; photos go with it (the API takes no message without text).
    if (!body) {
      setError(t('errors.empty'));
      return;
    }
    setError(null);
    try {
      await send(
        body,
        photos.map((p) => p.id),
      );
      setText('');
      setPhotos([]);
    } catch (e) {
      setError(sendError(e, t));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };

  const used = formatCount(text.length);
  const max = formatCount(MESSAGE_MAX);

  // The box stops at MESSAGE_MAX characters, and a longer paste would be cut without a word: it is
  // refused whole, with the reason.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const field = e.currentTarget;
    const pasted = e.clipboardData.getData('text/plain').replace(/\r\n?/g, '\n');
    const length = field.value.length - (field.selectionEnd - field.selectionStart) + pasted.length;
    if (length <= MESSAGE_MAX) return;
    e.preventDefault();
    setError(t('errors.tooLong', { max }));
  };
  const describedBy = [`${id}-counter`, readOnly ? `${id}-closed` : `${id}-hint`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className="mt-3 flex flex-col gap-1"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
    >
      {readOnly && (
        <p id={`${id}-closed`} className="rounded-box bg-base-200 p-3 text-sm">
          {t('composer.readOnly', { days: formatCount(CONVERSATION_OPEN_DAYS) })}
        </p>
      )}
      <label htmlFor={`${id}-text`} className="text-sm font-semibold">
        {t('composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        className="textarea w-full resize-y"
        rows={3}
        maxLength={MESSAGE_MAX}
        value={text}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {!readOnly && (
        <PhotoPicker
          label={t('composer.photos')}
          value={photos}
          onChange={setPhotos}
          max={PHOTOS_PER_BOOKING}
          allowCamera
          compact
          disabled={sending}
          onBusyChange={(busy) => {
            setUploading(busy);
            if (!busy) setError(null);
          }}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-xs text-base-content/80">
          {!readOnly && <p id={`${id}-hint`}>{t('composer.hint')}</p>}
          <p id={`${id}-counter`}>
            <span aria-hidden="true">{t('composer.counter', { used, max })}</span>
            <span className="sr-only">{t('composer.counterLabel', { used, max })}</span>
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={readOnly || sending}>
          {sending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <Send className="size-4" aria-hidden="true" />
          )}
          {sending ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
      <div role="alert" id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
        {error}
      </div>
    </form>
  );
}
