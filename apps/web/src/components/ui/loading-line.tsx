import type { ReactNode } from 'react';

interface Props {
  /** What is loading, said to screen readers too ("Loading your notifications..."). */
  children: ReactNode;
  /** Spacing and alignment of the line. */
  className?: string;
  size?: 'sm' | 'md';
}

/** A spinner and a sentence on one line, announced as a status while a part of a page loads. */
export function LoadingLine({ children, className = 'py-4', size = 'sm' }: Props) {
  return (
    <p role="status" className={`flex items-center gap-2 ${className}`}>
      <span className={`loading loading-spinner ${size === 'sm' ? 'loading-sm' : ''}`} aria-hidden="true" />
      {children}
    </p>
  );
}
