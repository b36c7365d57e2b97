import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface FieldState {
  /** The message shown under the control (and announced: role alert). */
  error?: ReactNode;
  /** A hint shown under the control. */
  hint?: ReactNode;
  /** Marks the control invalid without a message of its own (the form says it elsewhere). */
  invalid?: boolean;
}

/**
 * The accessibility props of a field's control: its id (the label's htmlFor), aria-invalid, and
 * aria-describedby naming the hint and the error. Spread them on a control passed to `Field`.
 */
export function fieldAria(id: string, { error, hint, invalid }: FieldState = {}) {
  return {
    id,
    'aria-invalid': invalid || error ? (true as const) : undefined,
    'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
  };
}

interface FieldProps extends FieldState, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** A control of its own (select, textarea, password input) carrying `fieldAria(id, ...)`; else an input. */
  children?: ReactNode;
}

/**
 * One form field: the label bound to the control, the hint, and the error in a live region, both
 * named by the control's aria-describedby. Without children it renders a text input with `input`.
 */
export function Field({ id, label, hint, error, invalid, children, className, ref, ...input }: FieldProps) {
  const isInvalid = invalid || !!error;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pt-0 pb-1 text-sm">
        {label}
      </label>
      {children ?? (
        <input
          ref={ref}
          className={`input w-full ${isInvalid ? 'input-error' : ''} ${className ?? ''}`}
          {...fieldAria(id, { error, hint, invalid })}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="label text-xs whitespace-normal text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="label text-sm whitespace-normal text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
