import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type TouchEvent } from 'react';

/** Swipes longer than this move the carousel (spec section 9). */
export const SWIPE_THRESHOLD_PX = 50;

interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** No auto-advance by default when the user prefers reduced motion. */
  reducedMotion: boolean;
}

/**
 * State and handlers of an auto-rotating carousel that wraps around. Rotation pauses while the
 * pointer is over it or focus is inside it, and when the user pauses it. Pressing play resumes
 * even while hovered or focused. Arrow keys move, Space on the carousel itself toggles play, and
 * horizontal swipes longer than 50 px move.
 */
export function useCarousel({ count, intervalMs, reducedMotion }: CarouselOptions) {
  const [rawIndex, setIndex] = useState(0);
  /** null: the default (play unless reduced motion is preferred). */
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const index = count > 0 ? rawIndex % count : 0;
  const playing = userPlaying ?? !reducedMotion;
  const rotating = playing && !hovered && !focused && count > 1;

  const goTo = useCallback((i: number) => setIndex(count > 0 ? ((i % count) + count) % count : 0), [count]);
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const prev = useCallback(() => goTo(index - 1), [goTo, index]);
  const togglePlaying = useCallback(() => {
    // An explicit play overrides the hover/focus pause until the pointer or focus comes back.
    if (!playing) {
      setHovered(false);
      setFocused(false);
    }
    setUserPlaying(!playing);
  }, [playing]);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: (e: FocusEvent<HTMLElement>) => {
      // Only focus arriving from outside pauses; moving between the controls inside does not re-pause.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(true);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        next();
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        prev();
      } else if ((e.key === ' ' || e.key === 'Spacebar') && e.target === e.currentTarget) {
        e.preventDefault();
        togglePlaying();
      }
    },
    onTouchStart: (e: TouchEvent<HTMLElement>) => {
      const t = e.touches[0];
      touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent<HTMLElement>) => {
      const start = touchStart.current;
      const t = e.changedTouches[0];
      touchStart.current = null;
      if (!start || !t) return;
      const dx = t.clientX - start.x;
      const dy = t.clientY - start.y;
      if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) next();
      else prev();
    },
  };

  return { index, goTo, next, prev, playing, rotating, togglePlaying, handlers };
}
