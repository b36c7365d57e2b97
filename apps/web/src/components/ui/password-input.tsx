import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '@/lib/i18n';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle button (its label says what a press will do). */
export function PasswordInput({ id, invalid, ref, disabled, ...input }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className={`input w-full pr-1 ${invalid ? 'input-error' : ''}`}>
      <input
        id={id}
        ref={ref}
        type={visible ? 'text' : 'password'}
        className="min-w-0 grow"
        disabled={disabled}
        {...input}
        aria-invalid={invalid || input['aria-invalid'] ? true : undefined}
      />
      <button
        type="button"
        className="btn btn-square btn-ghost btn-sm"
        aria-label={visible ? t('password.hide') : t('password.show')}
        aria-controls={id}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
