import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & {
  /** While true: disabled, with a spinner, reading `busyLabel` when given. */
  busy: boolean;
  busyLabel?: ReactNode;
  children: ReactNode;
};

/** A form's submit button with its busy state (spinner and "…ing" label). */
export function SubmitButton({ busy, busyLabel, children, className = '', disabled, ...rest }: Props) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy || disabled} {...rest}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}
