import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  /** Shown under the input, linked with aria-describedby. */
  hint?: ReactNode;
  error?: string;
  /** Marks the input invalid without a text of its own (the form shows the message elsewhere). */
  invalid?: boolean;
  /** Replaces the plain input (e.g. a password input with its toggle); gets the same ids. */
  children?: ReactNode;
}

/** ids of the hint and error texts of a field, for aria-describedby. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** A labelled input with an optional hint and an inline error (daisyUI fieldset). */
export function TextField({ id, label, hint, error, invalid, children, className, ...input }: TextFieldProps) {
  const isInvalid = invalid || !!error;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          className={`input w-full ${isInvalid ? 'input-error' : ''} ${className ?? ''}`}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, !!hint, !!error)}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="label text-xs whitespace-normal text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="label text-sm whitespace-normal text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
