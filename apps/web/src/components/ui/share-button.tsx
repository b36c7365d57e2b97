import { Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

interface Props {
  /** The shared page's title (the service's or the provider's name). */
  title: string;
  /** A sentence about it, for the message the person shares. */
  text: string;
  /** The page's canonical path (e.g. servicePath(service)); shared as a full URL of this site. */
  path: string;
  className?: string;
}

/** How long "Link copied" stays on screen. */
export const SHARE_MESSAGE_MS = 5000;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share: the device's share sheet (Web Share API) where there is one; elsewhere the page's
 * canonical URL is copied to the clipboard and "Link copied" is said, on screen and in a polite
 * live region (present from the start, so screen readers announce the change). A share the person
 * cancels is not an error; a share sheet that fails copies the link instead.
 */
export function ShareButton({ title, text, path, className = '' }: Props) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const clearMessage = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearMessage.current), []);

  const say = (sentence: string) => {
    clearTimeout(clearMessage.current);
    setMessage(sentence);
    clearMessage.current = setTimeout(() => setMessage(''), SHARE_MESSAGE_MS);
  };

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (isAbort(error)) return;
        // Refused (no share target, not allowed here): copy the link instead.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      say(t('share.copied'));
    } catch {
      say(t('share.copyFailed', { url }));
    }
  };

  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
        <Share2 className="size-4" aria-hidden="true" />
        {t('share.button')}
      </button>
      <p role="status" className="text-sm break-all text-base-content/80">
        {message || null}
      </p>
    </div>
  );
}
