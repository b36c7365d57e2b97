import { Suspense, useRef, type ReactNode } from 'react';
import { useDeferredMount } from '../hooks/use-deferred-mount';

interface Props {
  children: ReactNode;
  /** Tailwind min-height classes close to the real height, so little moves when it arrives. */
  placeholderClass: string;
}

/** Renders (and loads the code of) `children` when near the viewport or when the browser is idle. */
export function DeferredSection({ children, placeholderClass }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useDeferredMount(ref);
  const placeholder = <div ref={ref} className={placeholderClass} aria-hidden="true" />;
  return ready ? (
    <Suspense fallback={<div className={placeholderClass} aria-hidden="true" />}>{children}</Suspense>
  ) : (
    placeholder
  );
}
