import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a panel (the disclosure pattern). The panel closes on Escape
 * (focus returns to the button), on a click outside, and when focus leaves it.
 */
export function useDisclosure<R extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<R>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return {
    open,
    setOpen,
    close,
    // The root's ref rides in its props, as the button's does: a `rootRef` field beside `open` would
    // make react-hooks/refs treat every read of the result during render as a ref read.
    rootProps: {
      ref: rootRef,
      onKeyDown(e: KeyboardEvent) {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      },
      onBlur(e: FocusEvent) {
        if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
      },
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
    },
    panelProps: { id: panelId, hidden: !open },
  };
}
