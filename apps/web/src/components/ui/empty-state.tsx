import type { ReactNode } from 'react';

interface Props {
  /** A decorative picture (an icon, "404"): hidden from assistive technology. */
  icon?: ReactNode;
  title?: ReactNode;
  text?: ReactNode;
  /** The way out: a link or a button. */
  action?: ReactNode;
  /** `page`: the whole page's message, under an h1; `box`: a dashed box inside a page, under an h2 (or h3). */
  variant?: 'page' | 'box';
  headingLevel?: 2 | 3;
  className?: string;
}

/** "Nothing here" (no services, not found, nothing to do): picture, title, text and what to do next. */
export function EmptyState({ icon, title, text, action, variant = 'box', headingLevel = 2, className = '' }: Props) {
  const page = variant === 'page';
  const Heading = page ? 'h1' : headingLevel === 3 ? 'h3' : 'h2';
  const Wrapper = page ? 'section' : 'div';
  return (
    <Wrapper
      className={`${
        page
          ? 'mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4'
          : 'flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-12'
      } text-center ${className}`}
    >
      {icon && (
        <span aria-hidden="true" className={`text-base-content/50 ${page ? '[&>svg]:size-16' : '[&>svg]:size-12'}`}>
          {icon}
        </span>
      )}
      {title && <Heading className={page ? 'text-3xl font-bold' : 'text-xl font-semibold'}>{title}</Heading>}
      {text && <p className="max-w-md text-base-content/80">{text}</p>}
      {action}
    </Wrapper>
  );
}
