import type { ReactNode } from 'react';

interface Props {
  label: string;
  icon?: ReactNode;
  /** Takes the whole row of a two-column list. */
  wide?: boolean;
  children: ReactNode;
}

/** One fact of a booking (a <dt>/<dd> pair of the card's or the details dialog's <dl>). */
export function BookingFact({ label, icon, wide = false, children }: Props) {
  return (
    <div className={`flex min-w-0 items-start gap-2 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="flex shrink-0 items-start gap-2 text-base-content/80">
        {icon && <span className="mt-0.5 shrink-0 text-base-content/70">{icon}</span>}
        {label}:
      </dt>{' '}
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
