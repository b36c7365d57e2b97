import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n';

interface ModalProps {
  open: boolean;
  /** Asked to close (close button, backdrop, Escape); the owner sets `open` to false. */
  onClose(): void;
  title: ReactNode;
  /** The id of the title (the dialog's accessible name). */
  titleId: string;
  /** Where focus goes on opening (a selector inside the dialog). */
  initialFocus: string;
  /** While it answers true (e.g. submitting), nothing closes the modal. */
  isBusy?(): boolean;
  /** The <dialog> element, for messages that must show above it (it is the top layer). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** The modal box's width and height classes. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal <dialog> (daisyUI modal): shown with showModal() while `open`, so the page behind is
 * inert and focus stays inside; focus moves to `initialFocus`, and back to the opener on closing.
 * Escape, the close button and the backdrop ask to close unless `isBusy()`. The content is
 * mounted only while open, so each opening starts afresh.
 */
export function Modal({
  open,
  onClose,
  title,
  titleId,
  initialFocus,
  isBusy,
  dialogRef,
  className = 'sm:max-w-lg',
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus, ref]);

  const requestClose = () => {
    if (!isBusy?.()) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // A dialog opened inside this one (a photo viewer) sends its own cancel and close events,
      // which React passes up to this dialog too: only this dialog's own count.
      onCancel={(e) => {
        if (e.target === e.currentTarget && isBusy?.()) e.preventDefault();
      }}
      onClose={(e) => e.target === e.currentTarget && open && onClose()}
    >
      {open && (
        <div className={`modal-box max-h-[92vh] w-full ${className}`}>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
            onClick={requestClose}
            aria-label={t('close')}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          <h2 id={titleId} className="pr-10 text-xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={requestClose}>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
}
