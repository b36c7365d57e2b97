import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element is at least `threshold` visible, and stays true. Without
 * IntersectionObserver (old browsers) the element counts as visible at once.
 */
export function useInView(ref: RefObject<Element | null>, threshold: number): boolean {
  const supported = typeof IntersectionObserver !== 'undefined';
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // Asked again: the effect can run after the render that saw it, once it is gone (a test
    // environment restoring its globals while React re-runs the effects of a revealed subtree).
    if (!element || seen || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, seen]);
  return seen || !supported;
}
