import { useEffect, useState } from 'react';

const easeOutCubic = (p: number) => 1 - (1 - p) ** 3;

/**
 * Counts from 0 up to `target` over `durationMs` once `start` is true, and again from 0 whenever
 * `target` changes. With reduced motion the target shows at once.
 */
export function useCountUp(target: number, start: boolean, durationMs: number, reducedMotion: boolean): number {
  const [frame, setFrame] = useState({ target, value: 0 });
  const animate = start && !reducedMotion;
  useEffect(() => {
    if (!animate) return;
    let raf = 0;
    let t0: number | null = null;
    const step = (now: number) => {
      t0 ??= now;
      const progress = durationMs > 0 ? Math.min(1, (now - t0) / durationMs) : 1;
      setFrame({ target, value: target * easeOutCubic(progress) });
      if (progress < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [animate, target, durationMs]);
  if (reducedMotion) return target;
  // A new target restarts from 0 (not from the last frame of the old one).
  return frame.target === target ? frame.value : 0;
}
