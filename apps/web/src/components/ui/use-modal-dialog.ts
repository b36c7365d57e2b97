import { useEffect, useRef } from 'react';

/**
 * Drives a native <dialog> as a modal: while `open`, it is shown with showModal() (the page behind
 * is inert, Escape cancels), focus moves to the first element matching `focusSelector`, and on
 * closing focus returns to the element that opened it.
 */
export function useModalDialog(open: boolean, focusSelector: string) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>(focusSelector)?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open, focusSelector]);
  return ref;
}
