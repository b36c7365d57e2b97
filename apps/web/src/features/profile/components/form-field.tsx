import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { validationKey } from '../validation-message';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  /** The schema's message; shown translated under the input. */
  error?: string;
  /** A password input with a show/hide toggle. */
  password?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input (optionally a password with a visibility toggle), hint and inline error. */
export function FormField({ id, label, hint, error, password, ref, className, ...input }: FormFieldProps) {
  const { t } = useTranslation('profile');
  const [visible, setVisible] = useState(false);
  const key = validationKey(error);
  const message = error && (key ? t(`validation.${key}`) : error);
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy };
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pt-0 pb-1 text-sm">
        {label}
      </label>
      {password ? (
        <div className={`input w-full pr-1 ${message ? 'input-error' : ''}`}>
          <input id={id} ref={ref} type={visible ? 'text' : 'password'} className="min-w-0 grow" {...aria} {...input} />
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label={visible ? t('security.hide') : t('security.show')}
            aria-controls={id}
            disabled={input.disabled}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <input
          id={id}
          ref={ref}
          className={`input w-full ${message ? 'input-error' : ''} ${className ?? ''}`}
          {...aria}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="label text-xs whitespace-normal text-base-content/70">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="label text-sm whitespace-normal text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </div>
  );
}
