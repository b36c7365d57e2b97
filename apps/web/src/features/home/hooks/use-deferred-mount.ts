import { startTransition, useEffect, useState, type RefObject } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * True once the element comes within `rootMargin` of the viewport, or once the browser is idle
 * after the first paint (at most `idleTimeoutMs` later), whichever is first. Lets a page render
 * below-the-fold sections (and load their code) after what the visitor sees first.
 */
export function useDeferredMount(ref: RefObject<Element | null>, rootMargin = '600px', idleTimeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    // A transition: the sections render in slices that leave the main thread free for input.
    const show = () => startTransition(() => setReady(true));
    const w = window as IdleWindow;
    const idle = w.requestIdleCallback ? w.requestIdleCallback(show, { timeout: idleTimeoutMs }) : null;
    const timer = idle === null ? window.setTimeout(show, idleTimeoutMs) : null;
    let observer: IntersectionObserver | null = null;
    if (ref.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin });
      observer.observe(ref.current);
    }
    return () => {
      if (idle !== null) w.cancelIdleCallback?.(idle);
      if (timer !== null) window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [ready, ref, rootMargin, idleTimeoutMs]);
  return ready;
}
