import { useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** The pointer moves this far before a press becomes a drag (a tap stays a tap). */
const DRAG_START_PX = 6;

export interface DragState {
  /** The index of the item being dragged, and where it would go if dropped now. */
  from: number;
  to: number;
  /** How far the item has moved from its place, in px. */
  dx: number;
  dy: number;
}

interface Session {
  from: number;
  to: number;
  startX: number;
  startY: number;
  /** The items' boxes when the drag started (the layout does not change during it). */
  rects: DOMRect[];
  started: boolean;
  stop(): void;
}

/** The index of the box under the point, else of the box whose centre is nearest. */
function indexAt(rects: DOMRect[], x: number, y: number): number {
  let best = 0;
  let bestDistance = Infinity;
  rects.forEach((r, i) => {
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
      best = i;
      bestDistance = -1;
      return;
    }
    if (bestDistance < 0) return;
    const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Reordering a list's items by dragging them with a pointer (mouse, pen or touch). A mouse drags
 * an item anywhere but on its buttons; touch and pen drag it by its handle (an element marked
 * `data-drag-handle`, with `touch-action: none`), so that a swipe elsewhere still scrolls the page.
 * The items stay in place while one follows the pointer; the one it would take the place of is
 * marked (`state.to`), and dropping calls `onMove(from, to)`. Escape or a cancelled pointer puts
 * it back. Keyboard users reorder with the list's own buttons.
 */
export function useDragReorder(count: number, onMove: (from: number, to: number) => void) {
  const [state, setState] = useState<DragState | null>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const session = useRef<Session | null>(null);
  const moveRef = useRef(onMove);
  useLayoutEffect(() => {
    moveRef.current = onMove;
  }, [onMove]);
  // A drag still going when the list unmounts stops with it.
  useLayoutEffect(() => () => session.current?.stop(), []);

  /** The props of item `index`: its element (measured when a drag starts) and its pointer handler. */
  const itemProps = (index: number) => ({
    ref: (element: HTMLElement | null) => {
      items.current[index] = element;
    },
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      const target = event.target as Element;
      if (count < 2 || event.button !== 0 || session.current) return;
      if (target.closest('button, a, input')) return;
      if (event.pointerType !== 'mouse' && !target.closest('[data-drag-handle]')) return;
      event.preventDefault();
      const rects = items.current.slice(0, count).map((el) => el?.getBoundingClientRect() ?? new DOMRect());
      const move = (e: PointerEvent) => {
        const s = session.current;
        if (!s) return;
        const dx = e.clientX - s.startX;
        const dy = e.clientY - s.startY;
        if (!s.started && Math.hypot(dx, dy) < DRAG_START_PX) return;
        s.started = true;
        s.to = indexAt(s.rects, e.clientX, e.clientY);
        setState({ from: s.from, to: s.to, dx, dy });
      };
      const up = () => {
        const s = session.current;
        stop();
        if (s?.started && s.to !== s.from) moveRef.current(s.from, s.to);
      };
      const key = (e: KeyboardEvent) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          stop();
        }
      };
      function stop() {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', stop);
        window.removeEventListener('keydown', key, true);
        session.current = null;
        setState(null);
      }
      session.current = {
        from: index,
        to: index,
        startX: event.clientX,
        startY: event.clientY,
        rects,
        started: false,
        stop,
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', stop);
      window.addEventListener('keydown', key, true);
    },
  });

  return { state, itemProps };
}
