import type { ReactNode } from 'react';

interface Props {
  /** The heading's id, which labels the section. */
  headingId: string;
  title: string;
  intro?: string;
  /** A full-width tinted band (How It Works, Why Choose) instead of a plain block. */
  band?: boolean;
  /** The section's own id (a link target). */
  id?: string;
  className?: string;
  children: ReactNode;
}

const CONTAINER = 'mx-auto max-w-6xl px-4 py-12 sm:py-16';

/** A home page section: the centred heading and intro line, then its content. */
export function HomeSection({ headingId, title, intro, band = false, id, className = '', children }: Props) {
  const body = (
    <>
      <div className="mx-auto mb-8 max-w-2xl text-center">
        <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-2 text-base-content/75">{intro}</p>}
      </div>
      {children}
    </>
  );
  return (
    <section id={id} aria-labelledby={headingId} className={`${band ? 'bg-base-200' : CONTAINER} ${className}`}>
      {band ? <div className={CONTAINER}>{body}</div> : body}
    </section>
  );
}
